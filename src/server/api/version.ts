/** The OpenAPI version the description is written in (its schemas: JSON Schema draft 2020-12). */
export const OPENAPI_VERSION = '3.1.1';
