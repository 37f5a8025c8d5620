/**
 * Classic cross-site scripting payloads (after the OWASP XSS filter evasion cheat sheet and the
 * PortSwigger XSS cheat sheet), written for this suite: each one, if it ever ran, calls the
 * marker `__xss(<its number>)` that the browser part exposes to the page (a few also call
 * `alert`, which the part's dialog hook records). `$N` stands for the payload's number, so a
 * marker names the payload that ran and the page that showed it.
 */
const TEMPLATES: readonly (readonly [name: string, template: string])[] = [
  ['script tag', '<script>__xss($N)</script>'],
  ['script tag, mixed case', '<ScRiPt>__xss($N)</sCrIpT>'],
  ['script src data url', '<script src="data:text/javascript,__xss($N)"></script>'],
  ['script with alert', '<script>alert($N);__xss($N)</script>'],
  ['img onerror', '<img src=x onerror=__xss($N)>'],
  ['img onerror, quoted', '<img src="x" onerror="__xss($N)">'],
  ['img onerror, no spaces', '<img/src/onerror=__xss($N)>'],
  ['svg onload', '<svg onload=__xss($N)>'],
  ['svg onload, slash', '<svg/onload=__xss($N)//'],
  ['body onload', '<body onload=__xss($N)>'],
  ['details ontoggle', '<details open ontoggle=__xss($N)>'],
  ['input autofocus onfocus', '<input autofocus onfocus=__xss($N)>'],
  ['video source onerror', '<video><source onerror=__xss($N)></video>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>parent.__xss($N)</script>"></iframe>'],
  ['iframe javascript src', '<iframe src="javascript:parent.__xss($N)"></iframe>'],
  ['object data url', '<object data="data:text/html,<script>parent.__xss($N)</script>"></object>'],
  ['anchor javascript href', '<a href="javascript:__xss($N)">click</a>'],
  ['bare javascript url', 'javascript:__xss($N)'],
  ['javascript url, entity encoded', 'jav&#x09;ascript:__xss($N)'],
  ['attribute breaker, double quote', '"><img src=x onerror=__xss($N)>'],
  ['attribute breaker, single quote', "'><svg onload=__xss($N)>"],
  ['attribute breaker, event', '" onmouseover="__xss($N)" x="'],
  ['attribute breaker, autofocus', "' autofocus onfocus='__xss($N)' x='"],
  ['closing textarea and title', '</textarea></title><img src=x onerror=__xss($N)>'],
  ['closing script', '</script><script>__xss($N)</script>'],
  ['template, curly braces', "{{constructor.constructor('__xss($N)')()}}"],
  ['template, dollar braces', '${__xss($N)}'],
  ['template, hash braces', '#{__xss($N)}'],
  ['markdown javascript link', '[click](javascript:__xss($N))'],
  ['markdown image breaker', '![x](x" onerror="__xss($N))'],
  ['css expression', '<div style="width:expression(__xss($N))">x</div>'],
  ['css javascript url', '<div style="background:url(javascript:__xss($N))">x</div>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:__xss($N)">'],
  ['base href', '<base href="javascript:__xss($N)//">'],
  ['unicode-escaped tags', '\\u003cimg src=x onerror=__xss($N)\\u003e'],
  ['html-entity tags', '&lt;img src=x onerror=__xss($N)&gt;'],
  ['full-width brackets', '＜script＞__xss($N)＜/script＞'],
  ['json breaker', '"}];__xss($N);//'],
  ['svg animate', '<svg><animate onbegin=__xss($N) attributeName=x dur=1s>'],
  ['math href', '<math><mtext><a href="javascript:__xss($N)">x</a></mtext></math>'],
  [
    'polyglot (0xsobky)',
    'jaVasCript:/*-/*`/*\\`/*\'/*"/**/(/* */oNcliCk=__xss($N) )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=__xss($N)//>\\x3e',
  ],
  ['polyglot, short', '\'"--></style></script><svg onload=__xss($N)>'],
];

export interface XssPayload {
  id: number;
  name: string;
  text: string;
}

export const XSS_PAYLOADS: readonly XssPayload[] = TEMPLATES.map(([name, template], id) => ({
  id,
  name,
  text: template.replaceAll('$N', String(id)),
}));

/** The marker of a payload as it shows when displayed as text: `__xss(<id>)`. */
export const MARKER = /__xss\((\d+)\)/g;
