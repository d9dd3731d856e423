import {
  LATER_COUNT_PROPERTY,
  LATER_NEAR_MARGIN,
  LATER_ROWS_ATTRIBUTE,
  LATER_ROWS_PER_TASK,
  LATER_SKIP_ATTRIBUTE,
  LATER_SPACE_CLASS,
} from './marks';

/**
 * The boot script's part that brings in a long table's later rows (ES5, as the rest of the boot
 * script in app/wakeScript.ts). The page's first HTML shows the rows of a first screen; the whole
 * table follows in a `<noscript>`, which a browser running scripts keeps as text (no elements to
 * build, style or lay out before the first paint) and a browser without scripts shows instead of the
 * partial one.
 *
 * When the room kept for the later rows nears the viewport (at once on a screen taller than the
 * first rows), the text is parsed once and its rows move into the page a few per task, each slice
 * laid out in its own task. Not before: every slice lays the whole table out and paints it again, a
 * task of its own that a reader who does not scroll never needs. A table that React has taken over
 * meanwhile (the page woke) is left to React.
 */
export function laterRowsScriptCode(): string {
  const json = (value: unknown) => JSON.stringify(value);
  return [
    `var later=d.querySelectorAll(${json(`[${LATER_ROWS_ATTRIBUTE}]`)});`,
    'function fill(body){',
    `var source=d.getElementById(body.getAttribute(${json(LATER_ROWS_ATTRIBUTE)})),t=d.createElement('template');`,
    "if(!source||!('content' in t))return;",
    't.innerHTML=source.textContent;',
    `var rows=[].slice.call(t.content.querySelectorAll('tbody>tr'),+body.getAttribute(${json(LATER_SKIP_ATTRIBUTE)})||0);`,
    `var space=body.querySelector(${json(`.${LATER_SPACE_CLASS}`)});`,
    'function slice(){',
    'if(!d.documentElement.contains(body))return;',
    `for(var k=0;k<${LATER_ROWS_PER_TASK}&&rows.length;k++)body.insertBefore(rows.shift(),space);`,
    `if(space){if(rows.length)space.style.setProperty(${json(LATER_COUNT_PROPERTY)},String(rows.length));else body.removeChild(space)}`,
    // Laid out now, in this task: slices run back to back would otherwise pile into one frame.
    'if(rows.length){void body.offsetHeight;setTimeout(slice,0)}}',
    'slice()}',
    "if(later.length){if('IntersectionObserver' in w){",
    'var nearing=new IntersectionObserver(function(list){for(var i=0;i<list.length;i++)',
    `if(list[i].isIntersecting){nearing.unobserve(list[i].target);fill(list[i].target)}},{rootMargin:${json(`0px 0px ${LATER_NEAR_MARGIN} 0px`)}});`,
    'for(var i=0;i<later.length;i++)nearing.observe(later[i])',
    '}else for(var j=0;j<later.length;j++)fill(later[j])}',
  ].join('');
}
