extension DashboardPage {
    /// `/dashboard.css`: dark, one column on a phone, two by two on a tablet, the four cards in a row and the
    /// attitude below on a wide screen.
    static let style = #"""
:root {
  --background: #0d1017;
  --card: #161b24;
  --card-edge: #232a36;
  --text: #e8ecf2;
  --muted: #8b95a7;
  --heart: #ff5a6e;
  --steps: #3dd68c;
  --motion: #4da3ff;
  --attitude: #f5b942;
  --flights: #b48cff;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
}
* { box-sizing: border-box; }
body {
  margin: 0;
  min-height: 100vh;
  background: radial-gradient(circle at 20% -10%, #1b2333 0, var(--background) 55%) fixed;
  color: var(--text);
  padding: 20px clamp(12px, 3vw, 32px) 28px;
}
header {
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: 12px;
  max-width: 1360px;
  margin: 0 auto 16px;
}
h1 { margin: 0; font-size: 1.45rem; font-weight: 650; letter-spacing: -0.01em; }
h1 span { color: var(--muted); font-weight: 450; }
#connection { margin: 0; display: flex; align-items: center; gap: 8px; color: var(--muted); font-size: 0.9rem; }
#connection .dot { width: 9px; height: 9px; border-radius: 50%; background: #d69e2e; }
#connection[data-state="live"] .dot { background: var(--steps); box-shadow: 0 0 0 4px rgba(61, 214, 140, 0.16); }
#connection[data-state="lost"] .dot { background: var(--heart); }
main {
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 16px;
  max-width: 1360px;
  margin: 0 auto;
}
@media (min-width: 1100px) {
  main { grid-template-columns: repeat(4, minmax(0, 1fr)); }
}
.card {
  position: relative;
  display: flex;
  flex-direction: column;
  background: linear-gradient(180deg, rgba(255, 255, 255, 0.025), transparent 40%), var(--card);
  border: 1px solid var(--card-edge);
  border-radius: 18px;
  padding: 18px 20px 14px;
  min-width: 0;
  --accent: var(--text);
}
.card::before {
  content: "";
  position: absolute;
  inset: 0 0 auto 0;
  height: 3px;
  border-radius: 18px 18px 0 0;
  background: var(--accent);
  opacity: 0.85;
}
.heart { --accent: var(--heart); }
.steps { --accent: var(--steps); }
.motion { --accent: var(--motion); }
.attitude { --accent: var(--attitude); }
.flights { --accent: var(--flights); }
h2 {
  margin: 0 0 6px;
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.82rem;
  font-weight: 600;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: var(--muted);
}
h2 svg { width: 18px; height: 18px; fill: var(--accent); color: var(--accent); flex: none; }
.reading { margin: 4px 0 0; display: flex; align-items: baseline; gap: 8px; min-height: 3.6rem; }
.value {
  font-size: clamp(2.6rem, 7vw, 3.4rem);
  font-weight: 680;
  line-height: 1;
  letter-spacing: -0.03em;
  font-variant-numeric: tabular-nums;
}
.unit { color: var(--muted); font-size: 1.05rem; }
.detail { margin: 6px 0 10px; color: var(--muted); font-size: 0.92rem; min-height: 1.2em; }
.card[data-state="unavailable"] .value { font-size: 1.7rem; color: var(--muted); letter-spacing: 0; font-weight: 600; }
.card[data-state="unavailable"] .unit { display: none; }
.card[data-state="unavailable"] .detail { color: #f0c27a; }
.card[data-state="unavailable"] canvas, .card[data-state="unavailable"] .vector { opacity: 0.25; }
.heart.beat h2 svg { animation: beat 0.35s ease-out; }
@keyframes beat { 0% { transform: scale(1.35); } 100% { transform: scale(1); } }
canvas.spark { display: block; width: 100%; height: 84px; margin-top: auto; }
.caption { display: flex; justify-content: space-between; gap: 8px; margin: 4px 0 0; color: #5f6878; font-size: 0.74rem; }
.caption span { white-space: nowrap; }
.caption span:nth-child(2):not(:last-child) { overflow: hidden; text-overflow: ellipsis; }
.vector { display: grid; gap: 6px; margin: 0 0 12px; }
.axis { display: grid; grid-template-columns: 2.2em 1fr 4.6em; align-items: center; gap: 10px; font-size: 0.9rem; }
.axis span { color: var(--muted); }
.axis output { text-align: right; font-variant-numeric: tabular-nums; }
.bar { position: relative; height: 8px; border-radius: 4px; background: #222a37; overflow: hidden; }
.bar::after { content: ""; position: absolute; left: 50%; top: 0; bottom: 0; width: 1px; background: #3a4456; }
.bar i { position: absolute; top: 0; bottom: 0; left: 50%; width: 0; background: var(--motion); border-radius: 4px; }
.attitude { grid-column: 1 / -1; }
.pictures { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 0.8fr); gap: 16px; align-items: center; }
.pictures canvas { width: 100%; max-width: 270px; aspect-ratio: 1; display: block; justify-self: center; }
.angles { margin: 0; display: grid; gap: 10px; }
.angles div { display: flex; align-items: baseline; justify-content: space-between; border-bottom: 1px solid var(--card-edge); padding-bottom: 8px; }
.angles dt { color: var(--muted); font-size: 0.9rem; }
.angles dd { margin: 0; font-size: 1.9rem; font-weight: 650; font-variant-numeric: tabular-nums; }
.angles .detail { margin: 0; }
#errors {
  max-width: 1360px;
  margin: 16px auto 0;
  padding: 12px 14px;
  border-radius: 12px;
  background: #3a1520;
  color: #ffb3bf;
  white-space: pre-wrap;
}
footer { max-width: 1360px; margin: 18px auto 0; color: #5f6878; font-size: 0.8rem; text-align: center; }
footer a { color: var(--muted); }
@media (max-width: 720px) {
  .pictures { grid-template-columns: 1fr 1fr; }
  .angles { grid-column: 1 / -1; grid-template-columns: repeat(3, 1fr); }
  .angles div { flex-direction: column; align-items: flex-start; border: none; }
  .angles dd { font-size: 1.5rem; }
  .angles .detail { grid-column: 1 / -1; }
}
@media (max-width: 420px) {
  body { padding-top: 14px; }
  .card { padding: 16px 16px 12px; }
}
"""#
}
