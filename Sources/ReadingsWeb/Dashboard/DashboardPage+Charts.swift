extension DashboardPage {
    /// The first part of `/dashboard.js`: error reporting, the token, the series and their sparklines.
    static let charts = #"""
'use strict';
// The BodyReadings dashboard: four reading cards and the attitude, fed by the server's event streams
// (/events/heart-rate, /events/steps, /events/motion, /events/altitude) and its JSON API. No libraries, no external resources.
// A reading that is not available says why; it never shows as zero. Script errors are written into #errors.

const errors = document.getElementById('errors');
function reportError(text) {
  errors.hidden = false;
  errors.textContent += text + '\n';
}
window.addEventListener('error', (event) => reportError(`${event.message} (${event.filename}:${event.lineno})`));
window.addEventListener('unhandledrejection', (event) => reportError(`unhandled rejection: ${event.reason}`));

const token = new URLSearchParams(location.search).get('access_token');
function withToken(path) {
  return token ? `${path}${path.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}` : path;
}
const $ = (id) => document.getElementById(id);
const now = () => Date.now() / 1000;

// MARK: Series and sparklines

class Series {
  constructor(span) { this.span = span; this.points = []; }
  push(value, time = now()) {
    this.points.push([time, value]);
    const oldest = time - this.span;
    let drop = 0;
    while (drop < this.points.length && this.points[drop][0] < oldest) drop++;
    if (drop > 0) this.points.splice(0, drop);
  }
}

function prepare(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(canvas.clientWidth * ratio));
  const height = Math.max(1, Math.round(canvas.clientHeight * ratio));
  if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
  const context = canvas.getContext('2d');
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, canvas.clientWidth, canvas.clientHeight);
  return [context, canvas.clientWidth, canvas.clientHeight];
}

function accent(element) {
  return getComputedStyle(element).getPropertyValue('--accent').trim() || '#fff';
}

// How far back a sparkline reaches: its whole span once the page has seen that much, else the time seen so far
// rounded up to a round number, so that a fresh page does not squeeze its first seconds into the right edge.
function shownSpan(series) {
  if (series.points.length === 0) return series.span;
  const seen = now() - series.points[0][0];
  const round = [30, 60, 120, 300, 600, 1800, 3600].find((span) => span >= seen) || series.span;
  return Math.min(series.span, round);
}

function spanText(seconds) {
  return seconds < 60 ? `${seconds} s ago` : `${seconds / 60} min ago`;
}

// A line of `series` over its shown span ending now, with a faint area below and the range written at the right;
// `caption` gets the span's text. The vertical range is at least `minimumRange` (centred on the data), so that
// noise on a flat line is not drawn as big swings (an altitude's centimetres).
function drawLine(canvas, series, caption, { floor = null, format = (v) => v.toFixed(0), minimumRange = 0 } = {}) {
  const span = shownSpan(series);
  caption.textContent = spanText(span);
  const [context, width, height] = prepare(canvas);
  const color = accent(canvas);
  context.strokeStyle = '#232a36';
  context.lineWidth = 1;
  for (const y of [0.25, 0.5, 0.75]) {
    context.beginPath();
    context.moveTo(0, Math.round(height * y) + 0.5);
    context.lineTo(width, Math.round(height * y) + 0.5);
    context.stroke();
  }
  const points = series.points;
  if (points.length < 2) return;
  const end = now();
  let low = Math.min(...points.map((p) => p[1]));
  let high = Math.max(...points.map((p) => p[1]));
  if (floor !== null) low = Math.min(low, floor);
  if (high - low < 1e-6) { high += 1; low -= floor === null ? 1 : 0; }
  if (high - low < minimumRange) {
    const middle = (high + low) / 2;
    high = middle + minimumRange / 2;
    low = middle - minimumRange / 2;
  }
  const pad = 6;
  const x = (t) => Math.max(0, ((t - (end - span)) / span) * (width - 44));
  const y = (v) => pad + (1 - (v - low) / (high - low)) * (height - 2 * pad);
  const gradient = context.createLinearGradient(0, 0, 0, height);
  gradient.addColorStop(0, color + '55');
  gradient.addColorStop(1, color + '00');
  context.beginPath();
  context.moveTo(x(points[0][0]), height);
  for (const [t, v] of points) context.lineTo(x(t), y(v));
  context.lineTo(x(points[points.length - 1][0]), height);
  context.fillStyle = gradient;
  context.fill();
  context.beginPath();
  points.forEach(([t, v], index) => (index === 0 ? context.moveTo(x(t), y(v)) : context.lineTo(x(t), y(v))));
  context.strokeStyle = color;
  context.lineWidth = 2;
  context.lineJoin = 'round';
  context.stroke();
  const [lastT, lastV] = points[points.length - 1];
  context.fillStyle = color;
  context.beginPath();
  context.arc(x(lastT), y(lastV), 3.5, 0, 2 * Math.PI);
  context.fill();
  context.fillStyle = '#6f7889';
  context.font = '11px system-ui, sans-serif';
  context.textAlign = 'right';
  context.fillText(format(high), width, 12);
  context.fillText(format(low), width, height - 3);
}

// Bars of `counts` (a Map from minute number to steps) over the last `minutes` minutes.
function drawBars(canvas, counts, minutes) {
  const [context, width, height] = prepare(canvas);
  const color = accent(canvas);
  const current = Math.floor(now() / 60);
  const values = [];
  for (let minute = current - minutes + 1; minute <= current; minute++) values.push(counts.get(minute) || 0);
  const high = Math.max(10, ...values);
  const usable = width - 44;
  const slot = usable / minutes;
  values.forEach((value, index) => {
    const barHeight = value === 0 ? 2 : Math.max(3, (value / high) * (height - 10));
    context.fillStyle = value === 0 ? '#232a36' : color;
    context.globalAlpha = index === values.length - 1 ? 1 : 0.78;
    context.beginPath();
    context.roundRect(index * slot + 1.5, height - barHeight, Math.max(1, slot - 3), barHeight, 2);
    context.fill();
  });
  context.globalAlpha = 1;
  context.fillStyle = '#6f7889';
  context.font = '11px system-ui, sans-serif';
  context.textAlign = 'right';
  context.fillText(String(high), width, 12);
  context.fillText('0', width, height - 3);
}
"""#
}
