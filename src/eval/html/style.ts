// The report's styles, inline (its Content-Security-Policy allows this text by its hash, nothing else).
export const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#656d76;--bg:#fff;--line:#d0d7de;--pass:#1a7f37;--fail:#cf222e;--warn:#9a6700;--bar1:#54aeff;--bar2:#8250df;--soft:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#8d96a0;--bg:#0d1117;--line:#30363d;--pass:#3fb950;--fail:#f85149;--warn:#d29922;--soft:#161b22}}
*{box-sizing:border-box}
body{margin:0;padding:24px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
h1{font-size:20px;margin:0 0 4px;overflow-wrap:anywhere}
h2{font-size:16px;margin:24px 0 8px}
.meta{color:var(--muted);margin:0 0 16px;overflow-wrap:anywhere}
.totals{display:flex;flex-wrap:wrap;gap:12px;margin:0 0 8px;padding:0;list-style:none}
.totals li{border:1px solid var(--line);border-radius:6px;padding:8px 14px;min-width:110px}
.totals b{display:block;font-size:22px}
.pass{color:var(--pass)}.fail{color:var(--fail)}.warn{color:var(--warn)}.muted{color:var(--muted)}
.controls{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:8px 0 12px}
.controls label{display:flex;gap:6px;align-items:center;max-width:100%}
input,select,button{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:4px 8px}
select,input{max-width:100%;min-width:0}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
/* A name of one long word wraps anywhere instead of pushing the columns off the page. */
td{overflow-wrap:anywhere}
th button{border:0;padding:0;font-weight:600;cursor:pointer}
th[aria-sort=ascending] button::after{content:" ▲"}th[aria-sort=descending] button::after{content:" ▼"}
td.num,th.num{text-align:right;white-space:nowrap}
button.toggle{border:0;padding:0 4px;cursor:pointer}
button.toggle[aria-expanded=true]{transform:rotate(90deg)}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600;border:1px solid currentColor}
tr.detail td{background:var(--soft)}
pre{white-space:pre-wrap;word-break:break-word;margin:4px 0 10px;padding:8px;border:1px solid var(--line);border-radius:6px;background:var(--bg);max-height:24em;overflow:auto}
.checks{margin:4px 0 10px;padding-left:20px}
.turn h4{margin:8px 0 2px;font-size:13px}
svg{max-width:100%;height:auto}
svg text{fill:var(--fg);font:12px system-ui,sans-serif}
svg .ttft{fill:var(--bar1)}svg .total{fill:var(--bar2)}
.legend{display:flex;gap:16px;color:var(--muted)}
.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.legend .ttft{background:var(--bar1)}.legend .total{background:var(--bar2)}
/* A phone or a narrow window: less padding, and the failed check (also in each case's details) gives its room to the rest. */
@media (max-width:600px){body{padding:12px}th,td{padding:4px}#cases th:last-child,#cases td:last-child{display:none}#cases tr.detail td:last-child{display:table-cell}.totals li{min-width:0;padding:6px 10px}}
`;
