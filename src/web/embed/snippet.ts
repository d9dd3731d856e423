import { EMBED_HEIGHT_MESSAGE } from './marks';

/** The frame's height until the embed has said its own (px). */
export const EMBED_INITIAL_HEIGHT = 480;

export const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The HTML another site pastes to show an embed: the frame, and a listener that sets the frame's
 * height to the one the embed posts (embed/reportHeight.ts). It believes only messages from
 * the site's origin, and sizes only the frame that sent the message, so several embeds on a page,
 * each with its own copy of the listener, size themselves alike. ES5: it runs in any page.
 */
export function embedSnippet(src: URL, title: string): string {
  const listener = [
    'addEventListener("message",function(e){var d=e.data,f=document.getElementsByTagName("iframe"),i;',
    `if(e.origin!==${JSON.stringify(src.origin)}||!d||d.type!==${JSON.stringify(EMBED_HEIGHT_MESSAGE)}||typeof d.height!=="number")return;`,
    'for(i=0;i<f.length;i++)if(f[i].contentWindow===e.source)f[i].style.height=d.height+"px"})',
  ].join('');
  return [
    `<iframe src="${escapeHtml(src.href)}" title="${escapeHtml(title)}" style="width:100%;height:${EMBED_INITIAL_HEIGHT}px;border:0" loading="lazy"></iframe>`,
    `<script>${listener}</script>`,
  ].join('\n');
}
