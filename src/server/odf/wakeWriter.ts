/** The message a server of the cluster sends the primary when it queued a message for the writer. */
export const WAKE_WRITER = { podium: 'wake-writer' } as const;

export const isWakeWriter = (message: unknown): boolean =>
  typeof message === 'object' && message !== null && (message as { podium?: unknown }).podium === WAKE_WRITER.podium;
