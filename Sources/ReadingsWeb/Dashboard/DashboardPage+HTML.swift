extension DashboardPage {
    /// The page (`/`): the four reading cards and the attitude card, filled in by the script.
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>BodyReadings</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="dashboard.css">
<script src="dashboard.js" defer></script>
</head>
<body>
<header>
  <h1>Body<span>Readings</span></h1>
  <p id="connection" data-state="connecting"><span class="dot"></span><span id="connection-text">connecting…</span></p>
</header>
<main>
  <section class="card heart" id="heart-card" data-state="waiting" aria-live="polite">
    <h2><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 21s-7.5-4.6-9.6-9.3C.9 8.1 3 4 6.9 4c2.2 0 3.7 1.2 5.1 3 1.4-1.8 2.9-3 5.1-3C21 4 23.1 8.1 21.6 11.7 19.5 16.4 12 21 12 21z"/></svg>Heart Rate</h2>
    <p class="reading"><span class="value" id="heart-rate">–</span><span class="unit">bpm</span></p>
    <p class="detail" id="heart-detail">waiting for a heartbeat…</p>
    <canvas class="spark" id="heart-spark" aria-label="heart rate, last 5 minutes"></canvas>
    <p class="caption"><span id="heart-span">5 min ago</span><span>now</span></p>
  </section>
  <section class="card steps" id="steps-card" data-state="waiting" aria-live="polite">
    <h2><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8.5 2C6.6 2 5.5 4.3 5.5 7c0 2.2.8 3.6 1 5h4c.3-1.6 1-3 1-5 0-2.8-1.2-5-3-5zM6.6 13.5l-.1 2.6c0 1.4.9 2.4 2.1 2.4s2-.9 2-2.3l-.1-2.7zM15.5 6c-1.8 0-3 2.2-3 5 0 2 .7 3.4 1 5h4c.2-1.4 1-2.8 1-5 0-2.7-1.1-5-3-5zM13.5 17.5l-.1 2.7c0 1.4.8 2.3 2 2.3s2.1-1 2.1-2.4l-.1-2.6z"/></svg>Steps Today</h2>
    <p class="reading"><span class="value" id="steps-today">–</span><span class="unit">steps</span></p>
    <p class="detail" id="steps-detail">waiting for steps…</p>
    <canvas class="spark" id="steps-spark" aria-label="steps per minute, last 30 minutes"></canvas>
    <p class="caption"><span>30 min ago</span><span>steps per minute</span><span>now</span></p>
  </section>
  <section class="card motion" id="motion-card" data-state="waiting">
    <h2><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 12h4l3-8 4 16 3-8h6" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></svg>Live Motion</h2>
    <p class="reading"><span class="value" id="user-acceleration">–</span><span class="unit">m/s²</span></p>
    <p class="detail" id="motion-detail">user acceleration</p>
    <div class="vector" id="gravity" aria-label="gravity vector">
      <div class="axis"><span>g<sub>x</sub></span><div class="bar"><i id="gravity-x-bar"></i></div><output id="gravity-x">–</output></div>
      <div class="axis"><span>g<sub>y</sub></span><div class="bar"><i id="gravity-y-bar"></i></div><output id="gravity-y">–</output></div>
      <div class="axis"><span>g<sub>z</sub></span><div class="bar"><i id="gravity-z-bar"></i></div><output id="gravity-z">–</output></div>
    </div>
    <canvas class="spark" id="motion-spark" aria-label="user acceleration, last 2 minutes"></canvas>
    <p class="caption"><span id="motion-span">2 min ago</span><span>RMS over 1 s</span><span>now</span></p>
  </section>
  <section class="card flights" id="flights-card" data-state="waiting" aria-live="polite">
    <h2><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 21v-4h4.5v-4.5H12V8h4.5V3.5H21V7h-1.5v4.5H15V16h-4.5v5z"/></svg>Flights Today</h2>
    <p class="reading"><span class="value" id="flights-today">–</span><span class="unit">floors</span></p>
    <p class="detail" id="flights-detail">waiting for the barometer…</p>
    <canvas class="spark" id="altitude-spark" aria-label="relative altitude, last 5 minutes"></canvas>
    <p class="caption"><span id="altitude-span">5 min ago</span><span>relative altitude, m</span><span>now</span></p>
  </section>
  <section class="card attitude" id="attitude-card" data-state="waiting">
    <h2><svg viewBox="0 0 24 24" aria-hidden="true"><circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 13h18" stroke="currentColor" stroke-width="2"/><path d="M8 12h8l-4 3z"/></svg>Attitude</h2>
    <div class="pictures">
      <canvas id="horizon" aria-label="artificial horizon"></canvas>
      <canvas id="device" aria-label="the device in 3D"></canvas>
      <dl class="angles">
        <div><dt>Roll</dt><dd><output id="roll">–</output>°</dd></div>
        <div><dt>Pitch</dt><dd><output id="pitch">–</output>°</dd></div>
        <div><dt>Heading</dt><dd><output id="heading">–</output>°</dd></div>
        <p class="detail" id="attitude-detail">waiting for motion…</p>
      </dl>
    </div>
  </section>
</main>
<pre id="errors" hidden></pre>
<footer>Device motion, steps, heart rate and altitude from this machine's sensors · <a href="api/available">API</a></footer>
</body>
</html>
"""#
}
