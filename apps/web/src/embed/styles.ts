// The showreel's look, inside its shadow root so neither the host page nor the console can restyle it.
// Publishers may set --hc-reel-accent on the wrapper element; custom properties cross the shadow edge.
export const SHOWREEL_CSS = `
:host{display:block}
*,*::before,*::after{box-sizing:border-box}
.reel{--a:var(--hc-reel-accent,#4f46e5);display:block;width:100%;min-width:300px;max-width:800px;margin:0;
font:400 14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;
color:#111827;text-align:left;letter-spacing:normal;background:#fff;border-radius:14px;overflow:hidden;
border:1px solid rgba(16,24,40,.08);box-shadow:0 1px 2px rgba(16,24,40,.06),0 10px 28px -8px rgba(16,24,40,.2);
-webkit-font-smoothing:antialiased;container-type:inline-size}
.stage{position:relative;width:100%;aspect-ratio:16/9;max-height:450px;background:#0b0d12;overflow:hidden}
.stage video{position:absolute;inset:0;width:100%;height:100%;object-fit:cover;display:block;background:#0b0d12}
.shade{position:absolute;left:0;right:0;bottom:0;display:flex;align-items:flex-end;gap:10px;padding:36px 16px 16px;
color:#fff;pointer-events:none;background:linear-gradient(to top,rgba(0,0,0,.75),rgba(0,0,0,.35) 60%,transparent)}
.badge{flex:none;padding:3px 8px;border-radius:999px;background:var(--a);font-size:11px;font-weight:600;
letter-spacing:.03em;font-variant-numeric:tabular-nums}
.now{font-size:16px;font-weight:600;line-height:1.3;text-shadow:0 1px 2px rgba(0,0,0,.35)}
.now,.name{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
.bar{position:absolute;left:0;right:0;bottom:0;height:3px;background:rgba(255,255,255,.18)}
.bar i{display:block;height:100%;background:var(--a);transform-origin:left;transform:scaleX(0)}
.list{position:relative;display:flex;gap:12px;margin:0;padding:14px;list-style:none;overflow-x:auto;
scroll-snap-type:x mandatory;scroll-padding:0 14px;scrollbar-width:thin}
.list li{flex:1 0 0;min-width:104px;max-width:168px;margin:0;padding:0;scroll-snap-align:start}
.item{display:flex;flex-direction:column;gap:7px;width:100%;margin:0;padding:0;border:0;background:none;
font:inherit;color:inherit;text-align:left;cursor:pointer;border-radius:10px;-webkit-appearance:none;appearance:none}
.item:focus-visible{outline:2px solid var(--a);outline-offset:3px}
.thumb{position:relative;display:block;aspect-ratio:16/9;border-radius:9px;overflow:hidden;background:#e5e7eb;
box-shadow:inset 0 0 0 1px rgba(16,24,40,.06);transition:box-shadow .2s}
.thumb img{display:block;width:100%;height:100%;object-fit:cover;transition:transform .3s,opacity .2s;opacity:.92}
.item:hover .thumb img{transform:scale(1.05);opacity:1}
.num{position:absolute;left:6px;top:6px;min-width:20px;height:20px;padding:0 6px;border-radius:999px;display:flex;
align-items:center;justify-content:center;background:rgba(17,24,39,.7);color:#fff;font-size:11px;font-weight:600}
.name{font-size:12.5px;font-weight:500;line-height:1.3;color:#4b5563}
.item[aria-current=true] .thumb{box-shadow:0 0 0 2px #fff,0 0 0 4px var(--a)}
.item[aria-current=true] .thumb img{opacity:1}
.item[aria-current=true] .num{background:var(--a)}
.item[aria-current=true] .name{color:#111827;font-weight:600}
.skeleton .stage,.skeleton .thumb{background:linear-gradient(100deg,#eceef2 30%,#f6f7f9 50%,#eceef2 70%) 0 0/300% 100%;
animation:sh 1.4s ease-in-out infinite}
.skeleton .name{height:12px;width:80%;border-radius:4px;background:#eceef2}
@keyframes sh{to{background-position:-150% 0}}
.note{display:block;min-width:300px;max-width:800px;margin:0;padding:10px 12px;border:1px solid #e5e7eb;border-radius:10px;
background:#f9fafb;color:#6b7280;font:400 12px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
@container (max-width:440px){.shade{padding:28px 12px 12px;gap:8px}.now{font-size:14px}.list{gap:10px;padding:12px;scroll-padding:0 12px}.list li{min-width:92px}}
@media (prefers-reduced-motion:reduce){.thumb img,.skeleton .stage,.skeleton .thumb{transition:none;animation:none}}
`;
