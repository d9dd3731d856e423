import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../paths';
import { generatedHeader, json, type GeneratedFile } from './files';

export const WIDGETS_DIR = join(ROOT, 'src', 'web', 'widgets');

/** The parts every widget folder has: what it accepts (always loaded), what draws it (its own chunk). */
export const WIDGET_PARTS = ['accepts.ts', 'widget.tsx'] as const;

/**
 * The widget folders: each `src/web/widgets/<kind>/` with a `widget.tsx`, in name order. A folder
 * with one part and not the other is refused: a half-made widget never reaches the registry.
 */
export function widgetFolders(dir = WIDGETS_DIR): string[] {
  const folders = readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
  const widgets = folders.filter((name) => WIDGET_PARTS.some((part) => existsSync(join(dir, name, part))));
  for (const name of widgets) {
    const missing = WIDGET_PARTS.filter((part) => !existsSync(join(dir, name, part)));
    if (missing.length > 0) throw new Error(`src/web/widgets/${name}/ lacks ${missing.join(' and ')}`);
  }
  return widgets.sort();
}

/**
 * The widget kinds a layout may name (read by the plugin schema through the core's vocabulary), the
 * registry of their projections (a widget's project.ts: layout and document to its view) and the
 * site's registry of their definitions: all from the folders, so a widget is one folder.
 */
export function emitWidgets(kinds: readonly string[]): GeneratedFile[] {
  const header = generatedHeader('the folders of src/web/widgets/');
  const projecting = kinds.filter((kind) => existsSync(join(WIDGETS_DIR, kind, 'project.ts')));
  return [
    {
      path: 'src/generated/widgetKinds.ts',
      content: `${header}/** Every widget a layout may name: the folders of src/web/widgets/ with a widget.tsx. */
export const WIDGET_KINDS = ${json(kinds)} as const;
`,
    },
    {
      path: 'src/generated/widgetProjections.ts',
      content: `${header}import type { WidgetKind } from '../core/sports/vocabulary';
import type { WidgetProjection } from '../web/widgets/definition';
${projecting.map((kind) => `import ${kind}Projection from '../web/widgets/${kind}/project';`).join('\n')}

/** The projection of each widget with a project.ts: what it makes of a layout and its document. */
export const WIDGET_PROJECTIONS: Readonly<Partial<Record<WidgetKind, WidgetProjection>>> = {
${projecting.map((kind) => `  ${kind}: ${kind}Projection,`).join('\n')}
};
`,
    },
    {
      path: 'src/generated/widgets.tsx',
      content: `${header}import type { WidgetKind } from '../core/sports/vocabulary';
import type { WidgetDefinition } from '../web/widgets/definition';
${kinds.map((kind) => `import ${kind}Accepts from '../web/widgets/${kind}/accepts';`).join('\n')}

/** The widget definitions by kind: what each accepts, and its drawing loaded as a chunk of its own. */
export const WIDGETS: Readonly<Record<WidgetKind, WidgetDefinition>> = {
${kinds.map((kind) => `  ${kind}: { accepts: ${kind}Accepts, load: () => import('../web/widgets/${kind}/widget') },`).join('\n')}
};
`,
    },
  ];
}
