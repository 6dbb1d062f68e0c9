extension DashboardPage {
    /// The last part of `/dashboard.js`: the cards, the event streams (reconnecting) and the steps history.
    static let cards = #"""

// MARK: Cards

function card(id, valueId, detailId, waiting) {
  return { element: $(id), value: $(valueId), detail: $(detailId), waiting, updates: 0 };
}
const heart = card('heart-card', 'heart-rate', 'heart-detail', 'waiting for a heartbeat…');
const steps = card('steps-card', 'steps-today', 'steps-detail', 'waiting for steps…');
const motion = card('motion-card', 'user-acceleration', 'motion-detail', 'waiting for motion…');
const flights = card('flights-card', 'flights-today', 'flights-detail', 'waiting for the barometer…');
const attitudeCard = $('attitude-card');

function show(target, value, detail) {
  target.element.dataset.state = 'live';
  target.value.textContent = value;
  target.value.dataset.value = value;
  if (detail !== undefined) target.detail.textContent = detail;
}

// A card whose reading is missing says why, in place of a number.
function availability(target, update, extra = []) {
  if (update.available) {
    if (target.element.dataset.state === 'unavailable') {
      for (const element of [target.element, ...extra]) element.dataset.state = 'waiting';
      target.value.textContent = '–';
      target.detail.textContent = target.waiting;
    }
    return;
  }
  for (const element of [target.element, ...extra]) element.dataset.state = 'unavailable';
  target.value.textContent = 'Unavailable';
  delete target.value.dataset.value;
  target.detail.textContent = update.reason || 'not measured';
}

function touched(target, t) {
  target.updates += 1;
  target.element.dataset.updates = String(target.updates);
  target.element.dataset.t = String(t);
}

// Heart rate: the smoothed rate of trusted beats; other beats say what they are without a number.
const heartSeries = new Series(300);
function onBeat(beat) {
  touched(heart, beat.t);
  const rr = beat.rr_interval === null ? '' : ` · RR ${beat.rr_interval.toFixed(2)} s`;
  if (beat.heart_rate !== null) {
    show(heart, String(Math.round(beat.heart_rate)), `${beat.quality} beat${rr}`);
    heartSeries.push(beat.heart_rate);
  } else if (heart.element.dataset.state === 'live') {
    heart.detail.textContent = `${beat.quality} beat${rr}`;
  } else {
    heart.detail.textContent = `measuring… (${beat.quality} beat)`;
  }
  heart.element.classList.remove('beat');
  void heart.element.offsetWidth;
  heart.element.classList.add('beat');
}

// The last heart rate measured before the stream opened, until the first trusted beat.
function onLatest(sample) {
  if (heart.element.dataset.state !== 'waiting') return;
  show(heart, String(Math.round(sample.heart_rate)), `last measured ${ago(sample.age)}`);
}

function ago(seconds) {
  if (seconds < 90) return `${Math.round(seconds)} s ago`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min ago`;
  return `${Math.round(seconds / 3600)} h ago`;
}

// Steps: the day's count; bars of steps per minute from the store, then from the live count's increments.
const stepsPerMinute = new Map();
let lastToday = null;
function onToday(today) {
  lastToday = today.steps;
  show(steps, today.steps.toLocaleString('en-US'));
  if (steps.detail.textContent === steps.waiting) steps.detail.textContent = 'still';
}
function onStep(update) {
  touched(steps, update.t);
  if (lastToday !== null && update.today > lastToday) {
    const minute = Math.floor(now() / 60);
    stepsPerMinute.set(minute, (stepsPerMinute.get(minute) || 0) + (update.today - lastToday));
  }
  lastToday = update.today;
  show(steps, update.today.toLocaleString('en-US'), `${Math.round(update.cadence)} steps/min · ${update.activity}`);
}

// Motion: user-acceleration magnitude, the gravity vector, and the attitude pictures. The sparkline shows the
// magnitude's root mean square over the last second: walking's 2 Hz bounce as a level, not as a blur.
const motionSeries = new Series(120);
const lastSecond = new Series(1);
let latestMotion = null;
function onMotion(sample) {
  touched(motion, sample.t);
  const user = sample.user_acceleration;
  const magnitude = Math.hypot(user.x, user.y, user.z);
  show(motion, magnitude.toFixed(2), 'user acceleration');
  lastSecond.push(magnitude);
  const squares = lastSecond.points.reduce((sum, [, value]) => sum + value * value, 0);
  motionSeries.push(Math.sqrt(squares / lastSecond.points.length));
  for (const axis of ['x', 'y', 'z']) {
    const value = sample.gravity[axis];
    $(`gravity-${axis}`).textContent = fixed(value, 2);
    const bar = $(`gravity-${axis}-bar`);
    const width = Math.min(50, (Math.abs(value) / 9.81) * 50);
    bar.style.width = `${width}%`;
    bar.style.left = `${value < 0 ? 50 - width : 50}%`;
  }
  latestMotion = sample;
  attitudeCard.dataset.state = 'live';
  attitudeCard.dataset.t = String(sample.t);
}

// Flights: the day's floors climbed while walking (lifts count none), and the relative altitude's trace. The
// altitude is the barometer's: weather moves it too, so the trace shows changes, its level means little.
const altitudeSeries = new Series(300);
function onAltitude(update) {
  touched(flights, update.t);
  const height = update.relative_altitude;
  const signed = `${height > 0.005 ? '+' : ''}${fixed(height, 2)} m`;
  const down = update.floors_descended > 0 ? ` · ${update.floors_descended} down` : '';
  show(flights, String(update.floors_ascended), `${signed}${down} · ${update.pressure.toFixed(2)} kPa`);
  altitudeSeries.push(height);
}

// A number without a minus sign on zero.
const whole = (value) => (Math.round(value) === 0 ? '0' : value.toFixed(0));
const fixed = (value, digits) => (Math.abs(value) < 0.5 * 10 ** -digits ? (0).toFixed(digits) : value.toFixed(digits));

function render() {
  drawLine($('heart-spark'), heartSeries, $('heart-span'));
  drawBars($('steps-spark'), stepsPerMinute, 30);
  drawLine($('motion-spark'), motionSeries, $('motion-span'), { floor: 0, format: (v) => v.toFixed(1) });
  drawLine($('altitude-spark'), altitudeSeries, $('altitude-span'), { minimumRange: 3, format: (v) => fixed(v, 1) });
  if (latestMotion) {
    const { roll, pitch, heading } = angles(latestMotion.gravity, latestMotion.attitude);
    drawHorizon($('horizon'), roll, pitch);
    drawDevice($('device'), latestMotion.attitude);
    $('roll').textContent = whole(degrees(roll));
    $('pitch').textContent = whole(degrees(pitch));
    $('heading').textContent = String((Math.round(degrees(heading)) + 360) % 360);
    $('attitude-detail').textContent = 'heading from north with a magnetometer, else from the start';
  } else {
    drawHorizon($('horizon'), 0, 0);
    drawDevice($('device'), { w: 1, x: 0, y: 0, z: 0 });
  }
}

// MARK: Streams

const open = new Map();
function connectionChanged() {
  const live = [...open.values()].filter(Boolean).length;
  const element = $('connection');
  element.dataset.state = live === open.size ? 'live' : live === 0 && open.size > 0 ? 'lost' : 'connecting';
  $('connection-text').textContent =
    live === open.size ? 'live' : `reconnecting… (${live} of ${open.size} streams)`;
}

// An event stream that reconnects: the browser retries by itself after a network error; when the server
// refused the stream (the EventSource closed), it is opened again after a growing pause.
function stream(path, handlers) {
  let delay = 1000;
  open.set(path, false);
  const connect = () => {
    const source = new EventSource(withToken(path));
    source.onopen = () => {
      delay = 1000;
      open.set(path, true);
      connectionChanged();
    };
    source.onerror = () => {
      open.set(path, false);
      connectionChanged();
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30000);
      }
    };
    for (const [name, handler] of Object.entries(handlers)) {
      source.addEventListener(name, (event) => handler(JSON.parse(event.data)));
    }
  };
  connect();
}

async function fetchJSON(path) {
  const response = await fetch(withToken(path), { cache: 'no-store' });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

// The last half hour's steps per minute, from the store.
async function loadStepsHistory() {
  try {
    const from = new Date(Date.now() - 30 * 60000).toISOString();
    const history = await fetchJSON(`api/steps?from=${encodeURIComponent(from)}&per=minute`);
    const opened = Math.floor(now() / 60);
    for (const bucket of history.buckets) {
      const minute = Math.floor(Date.parse(bucket.start) / 60000);
      if (minute < opened) stepsPerMinute.set(minute, bucket.steps);
    }
  } catch (error) {
    console.warn(error);
  }
}

stream('events/heart-rate', { availability: (a) => availability(heart, a), latest: onLatest, beat: onBeat });
stream('events/steps', { availability: (a) => availability(steps, a), today: onToday, steps: onStep });
stream('events/motion?interval=0.1', {
  availability: (a) => availability(motion, a, [attitudeCard]),
  motion: onMotion,
});
stream('events/altitude?interval=0.5', { availability: (a) => availability(flights, a), altitude: onAltitude });
connectionChanged();
loadStepsHistory();
render();
setInterval(render, 100);
"""#
}
