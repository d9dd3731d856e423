import { FOLLOWS_COOKIE } from '../follow/followed';
import { SAVED_COPY_META, SERVICE_WORKER_URL } from '../offline/serviceWorker';
import { laterRowsScriptCode } from '../laterRows/laterRowsScript';
import { HOME_COOKIE } from './homeCookie';
import { LIVE_PATH } from '../../core/live/channels';
import { LIVE_CHANNELS_ID } from '../live/pageChannels';
import { HYDRATED_ATTRIBUTE, WAKE_NOW_ATTRIBUTE, WAKE_VISIBLE_ATTRIBUTE } from './wake';

/**
 * When a page's script loads: the page is whole server HTML (links are links, filters are GET forms,
 * tabs are addresses), so the framework that adds in-app navigation, sorting and live updates is
 * loaded when the reader first shows intent (a touch, a click, a key, a wheel, a pointer over the
 * page, focus) rather than while the page is being read: on a phone its evaluation and hydration
 * are hundreds of milliseconds of main thread that a reader who only reads never needs.
 *
 * A page that must change while it is read wakes by itself once painted: it carries
 * `WAKE_NOW_ATTRIBUTE` (a live unit; the marks are named in app/wake.ts), it is a saved copy shown
 * offline, the reader follows delegations or athletes (their rows are marked in the browser; the
 * follows cookie of follow/followed.ts says so), or the desktop home redirect's cookie is there. An
 * element with `WAKE_VISIBLE_ATTRIBUTE` wakes it when it nears the viewport (the rows of a long
 * table past those in the HTML).
 *
 * Whether it wakes or not, the page registers the service worker once loaded, painted and the
 * browser is idle (offline copies of the pages a reader has seen need no intent), off the page's
 * main work. A page left asleep follows its live channels then too (web/live): the first event that its copy
 * is older wakes it, and the woken page brings itself up to date in place.
 *
 * Before the first paint the script only listens for intent: the rest (the observers of the rows
 * below, the service worker, the cookie's read and the decision to wake) runs in two short tasks
 * after the first frame, not in the task that parses and paints it (docs/operations.md, Lighthouse).
 *
 * A click on a button before the script has run (only the script serves buttons: links and forms
 * work without it) is held and given again once the page is hydrated, so the first tap is not lost.
 *
 * The events that say a reader is about to use the page:
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'pointerover'] as const;

/** The boot script's attribute that lists the entry's scripts (space-separated URLs). */
export const WAKE_SCRIPTS_ATTRIBUTE = 'data-scripts';

/**
 * The inline script's source (ES5: it runs before anything else, in every browser the site serves).
 * It reads the desktop home redirect's cookie (app/homeCookie.ts), which the entry clears. The
 * scripts to load are read from the script element's `WAKE_SCRIPTS_ATTRIBUTE`, not written into the
 * code: the code, and so its hash in the Content-Security-Policy, is the same for every build, so a
 * cache serving pages as files (deploy/nginx.conf) can send the policy itself.
 */
export function wakeScriptCode(): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return [
    '(function(){var d=document,w=window,started=0,held=null,seen=null,live=null;',
    `var scripts=(d.currentScript&&d.currentScript.getAttribute(${json(WAKE_SCRIPTS_ATTRIBUTE)})||'').split(' ');`,
    `var events=${json(INTENT_EVENTS)};`,
    'function load(){',
    "scripts.forEach(function(src){if(!src)return;var s=d.createElement('script');s.type='module';s.src=src;d.body.appendChild(s)})}",
    'function go(){if(started)return;started=1;if(live){live.close();live=null}',
    'events.forEach(function(t){w.removeEventListener(t,intent,true)});if(seen)seen.disconnect();setTimeout(load,0)}',
    // A mouse passing over the page is intent on a desktop; a touch's synthetic pointerover is not needed.
    "function intent(e){if(e.type==='pointerover'&&e.pointerType!=='mouse')return;go()}",
    'function click(e){',
    `if(d.documentElement.hasAttribute(${json(HYDRATED_ATTRIBUTE)})){w.removeEventListener('click',click,true);return}`,
    "var b=e.target&&e.target.closest&&e.target.closest('button');",
    "if(!b||b.disabled||(b.form&&b.type==='submit'))return;",
    'e.preventDefault();e.stopPropagation();held=b;go()}',
    // The first intent is heard from the start; the rest is not needed before the page's first paint
    // (the later rows lie below it), so it runs in a task of its own once painted, off the first frame's.
    'new MutationObserver(function(l,o){',
    `if(!d.documentElement.hasAttribute(${json(HYDRATED_ATTRIBUTE)}))return;o.disconnect();`,
    'var b=held;held=null;if(b&&b.isConnected)setTimeout(function(){b.click()},0)',
    `}).observe(d.documentElement,{attributes:true,attributeFilter:[${json(HYDRATED_ATTRIBUTE)}]});`,
    'events.forEach(function(t){w.addEventListener(t,intent,{capture:true,passive:true})});',
    "w.addEventListener('click',click,true);",
    'function idle(f){(w.requestIdleCallback||function(f){setTimeout(f,1500)})(f)}',
    // Requests of a sleeping page (its live channel, the service worker) wait until its first
    // contentful paint is on screen: a frame is drawn after the main thread's paint, and a request
    // sent in between was one more round trip before the paint in Lighthouse's simulated phone
    // (the schedule's LCP, 0.90 s against 0.75 s, whenever its channel opened first).
    'function painted(f){var P=w.PerformanceObserver,o;',
    "if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return idle(f);",
    "o=new P(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();idle(f)}});",
    "o.observe({type:'paint',buffered:true})}",
    "function loaded(f){if(d.readyState==='complete')painted(f);else w.addEventListener('load',function(){painted(f)})}",
    // A page left asleep follows its documents' channels once loaded and idle (web/live): the first
    // event whose ETag is not its copy's wakes it, and the woken page refreshes in place.
    'function listen(){',
    `var el=d.getElementById(${json(LIVE_CHANNELS_ID)}),list,names=[],k;`,
    'if(started||!el||!w.EventSource)return;try{list=JSON.parse(el.textContent)}catch(e){return}',
    'for(k in list)if(Object.prototype.hasOwnProperty.call(list,k))names.push(k);if(!names.length)return;',
    `live=new EventSource(${json(`${LIVE_PATH}?c=`)}+names.sort().join(','));`,
    "live.onmessage=function(m){var e;try{e=JSON.parse(m.data)}catch(x){return}if(e&&list[e.type+'.'+e.code]!==e.etag)go()};",
    'live.onerror=function(){if(live&&live.readyState===2)live=null}}',
    'function start(){',
    // A page with nothing more to fetch may have loaded before its first paint.
    "if('serviceWorker' in navigator)loaded(function(){",
    `navigator.serviceWorker.register(${json(SERVICE_WORKER_URL)}).catch(function(){})});`,
    `var near=d.querySelectorAll(${json(`[${WAKE_VISIBLE_ATTRIBUTE}]`)});`,
    "if(!started&&near.length&&'IntersectionObserver' in w){seen=new IntersectionObserver(function(list){",
    "for(var i=0;i<list.length;i++)if(list[i].isIntersecting){go();return}},{rootMargin:'100% 0px'});",
    'for(var i=0;i<near.length;i++)seen.observe(near[i])}',
    laterRowsScriptCode(),
    'setTimeout(decide,0)}',
    // A follower's page is marked by a cookie, not read from local storage: a page's first read of
    // local storage is a synchronous load of the site's storage, a long task on a phone. The cookie's
    // read is a call to the browser too: a task of its own.
    'function decide(){',
    `var cookies=' '+d.cookie+';';`,
    `if(!d.querySelector(${json(`[${WAKE_NOW_ATTRIBUTE}],meta[name="${SAVED_COPY_META}"]`)})`,
    `&&cookies.indexOf(${json(` ${HOME_COOKIE}=1;`)})<0&&cookies.indexOf(${json(` ${FOLLOWS_COOKIE}=1;`)})<0){`,
    'loaded(listen);return}',
    // Already painted (start runs after the first frame): the results show first, and the script's
    // download does not compete with them.
    'go()}',
    // After the next paint: a frame's animation callbacks run before its paint, a task queued there
    // after. A page opened in a background tab paints, and so starts, once shown.
    'requestAnimationFrame(function(){setTimeout(start,0)})})()',
  ].join('');
}
