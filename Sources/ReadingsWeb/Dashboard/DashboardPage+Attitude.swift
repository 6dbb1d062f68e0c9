extension DashboardPage {
    /// The second part of `/dashboard.js`: the artificial horizon and the device in 3D, from the attitude.
    static let attitude = #"""

// MARK: Attitude pictures

// `v` rotated by the unit quaternion `q` ({w, x, y, z}): device frame into the reference frame (x east, y north, z up).
function rotate(q, v) {
  const tx = 2 * (q.y * v[2] - q.z * v[1]);
  const ty = 2 * (q.z * v[0] - q.x * v[2]);
  const tz = 2 * (q.x * v[1] - q.y * v[0]);
  return [
    v[0] + q.w * tx + (q.y * tz - q.z * ty),
    v[1] + q.w * ty + (q.z * tx - q.x * tz),
    v[2] + q.w * tz + (q.x * ty - q.y * tx),
  ];
}

const degrees = (radians) => (radians * 180) / Math.PI;

// Roll (right edge down positive), pitch (top edge up positive) from gravity in the device frame, and heading of
// the device's top edge from the attitude (0 = north or the start heading, clockwise), radians.
function angles(gravity, attitude) {
  const norm = Math.hypot(gravity.x, gravity.y, gravity.z) || 1;
  const pitch = Math.asin(Math.max(-1, Math.min(1, gravity.y / norm)));
  const roll = Math.atan2(-gravity.x, gravity.z);
  const top = rotate(attitude, [0, 1, 0]);
  const heading = Math.atan2(top[0], top[1]);
  return { roll, pitch, heading };
}

function drawHorizon(canvas, roll, pitch) {
  const [context, width, height] = prepare(canvas);
  const radius = Math.min(width, height) / 2 - 6;
  const cx = width / 2;
  const cy = height / 2;
  const scale = radius / 50;
  context.save();
  context.beginPath();
  context.arc(cx, cy, radius, 0, 2 * Math.PI);
  context.clip();
  context.translate(cx, cy);
  context.rotate(-roll);
  const offset = degrees(pitch) * scale;
  const sky = context.createLinearGradient(0, -radius * 2, 0, offset);
  sky.addColorStop(0, '#1b4f9c');
  sky.addColorStop(1, '#4a8fd8');
  context.fillStyle = sky;
  context.fillRect(-radius * 3, -radius * 4, radius * 6, radius * 4 + offset);
  const ground = context.createLinearGradient(0, offset, 0, radius * 2);
  ground.addColorStop(0, '#8a5a2e');
  ground.addColorStop(1, '#4e3117');
  context.fillStyle = ground;
  context.fillRect(-radius * 3, offset, radius * 6, radius * 4);
  context.strokeStyle = '#ffffff';
  context.lineWidth = 2;
  context.beginPath();
  context.moveTo(-radius * 3, offset);
  context.lineTo(radius * 3, offset);
  context.stroke();
  context.fillStyle = 'rgba(255,255,255,0.85)';
  context.strokeStyle = 'rgba(255,255,255,0.85)';
  context.lineWidth = 1.5;
  context.font = `${Math.max(9, radius / 11)}px system-ui, sans-serif`;
  context.textBaseline = 'middle';
  for (let mark = -80; mark <= 80; mark += 10) {
    const y = offset - mark * scale;
    if (mark === 0 || Math.abs(y) > radius * 0.62) continue;
    const half = radius * (mark % 20 === 0 ? 0.28 : 0.14);
    context.beginPath();
    context.moveTo(-half, y);
    context.lineTo(half, y);
    context.stroke();
    if (mark % 20 === 0) {
      context.textAlign = 'left';
      context.fillText(String(Math.abs(mark)), half + 5, y);
      context.textAlign = 'right';
      context.fillText(String(Math.abs(mark)), -half - 5, y);
    }
  }
  context.restore();
  // Roll scale: ticks fixed to the instrument, the pointer turns with the horizon.
  context.save();
  context.translate(cx, cy);
  context.strokeStyle = 'rgba(255,255,255,0.9)';
  context.lineWidth = 2;
  for (const tick of [-60, -45, -30, -20, -10, 0, 10, 20, 30, 45, 60]) {
    const angle = ((tick - 90) * Math.PI) / 180;
    const inner = radius * (tick % 30 === 0 ? 0.84 : 0.89);
    context.beginPath();
    context.moveTo(Math.cos(angle) * inner, Math.sin(angle) * inner);
    context.lineTo(Math.cos(angle) * radius * 0.96, Math.sin(angle) * radius * 0.96);
    context.stroke();
  }
  context.rotate(-roll);
  context.fillStyle = '#f5b942';
  context.beginPath();
  context.moveTo(0, -radius * 0.83);
  context.lineTo(-radius * 0.06, -radius * 0.72);
  context.lineTo(radius * 0.06, -radius * 0.72);
  context.closePath();
  context.fill();
  context.restore();
  // The device's fixed symbol.
  context.strokeStyle = '#f5b942';
  context.lineWidth = 4;
  context.lineCap = 'round';
  context.beginPath();
  context.moveTo(cx - radius * 0.55, cy);
  context.lineTo(cx - radius * 0.2, cy);
  context.lineTo(cx - radius * 0.1, cy + radius * 0.1);
  context.moveTo(cx + radius * 0.55, cy);
  context.lineTo(cx + radius * 0.2, cy);
  context.lineTo(cx + radius * 0.1, cy + radius * 0.1);
  context.stroke();
  context.fillStyle = '#f5b942';
  context.beginPath();
  context.arc(cx, cy, 4, 0, 2 * Math.PI);
  context.fill();
  context.strokeStyle = '#2c3444';
  context.lineWidth = 3;
  context.beginPath();
  context.arc(cx, cy, radius + 1.5, 0, 2 * Math.PI);
  context.stroke();
}

// The device as a box rotated by the attitude, seen from the south and above (35°), over a compass ring.
function drawDevice(canvas, attitude) {
  const [context, width, height] = prepare(canvas);
  const elevation = (30 * Math.PI) / 180;
  const size = Math.min(width, height) * 0.34;
  const cx = width / 2;
  const cy = height / 2 - size * 0.25;
  const project = (p) => [cx + p[0] * size, cy - (p[1] * Math.sin(elevation) + p[2] * Math.cos(elevation)) * size];
  const facing = (n) => -n[1] * Math.cos(elevation) + n[2] * Math.sin(elevation);
  // Compass ring in the horizontal plane, below the device.
  context.strokeStyle = '#2c3444';
  context.lineWidth = 1.5;
  context.beginPath();
  for (let step = 0; step <= 72; step++) {
    const a = (step / 72) * 2 * Math.PI;
    const [x, y] = project([Math.sin(a) * 1.2, Math.cos(a) * 1.2, -1.05]);
    if (step === 0) context.moveTo(x, y); else context.lineTo(x, y);
  }
  context.stroke();
  context.fillStyle = '#6f7889';
  context.font = '12px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const [label, a] of [['N', 0], ['E', 90], ['S', 180], ['W', 270]]) {
    const r = (a * Math.PI) / 180;
    const [x, y] = project([Math.sin(r) * 1.38, Math.cos(r) * 1.38, -1.05]);
    context.fillText(label, x, y);
  }
  const half = [0.36, 0.72, 0.05];
  const corner = (sx, sy, sz) => rotate(attitude, [sx * half[0], sy * half[1], sz * half[2]]);
  const faces = [
    { normal: [0, 0, 1], corners: [[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]], screen: true },
    { normal: [0, 0, -1], corners: [[-1, -1, -1], [-1, 1, -1], [1, 1, -1], [1, -1, -1]] },
    { normal: [1, 0, 0], corners: [[1, -1, -1], [1, 1, -1], [1, 1, 1], [1, -1, 1]] },
    { normal: [-1, 0, 0], corners: [[-1, -1, -1], [-1, -1, 1], [-1, 1, 1], [-1, 1, -1]] },
    { normal: [0, 1, 0], corners: [[-1, 1, -1], [-1, 1, 1], [1, 1, 1], [1, 1, -1]] },
    { normal: [0, -1, 0], corners: [[-1, -1, -1], [1, -1, -1], [1, -1, 1], [-1, -1, 1]] },
  ];
  const light = [-0.3, -0.5, 0.8];
  for (const face of faces) {
    const normal = rotate(attitude, face.normal);
    if (facing(normal) <= 0) continue;
    const shade = 0.45 + 0.55 * Math.max(0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2]);
    const points = face.corners.map((c) => project(corner(...c)));
    context.beginPath();
    points.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
    context.closePath();
    const base = face.screen ? [22, 27, 36] : face.normal[2] < 0 ? [120, 128, 142] : [150, 158, 172];
    context.fillStyle = `rgb(${base.map((v) => Math.round(v * shade)).join(',')})`;
    context.fill();
    context.strokeStyle = '#8b95a7';
    context.lineWidth = 1;
    context.stroke();
    if (face.screen) {
      // Glass inset and the earpiece at the top edge, so that the device's orientation reads at a glance.
      const inset = [[-0.86, -0.9, 1], [0.86, -0.9, 1], [0.86, 0.86, 1], [-0.86, 0.86, 1]].map((c) => project(corner(...c)));
      context.beginPath();
      inset.forEach(([x, y], index) => (index === 0 ? context.moveTo(x, y) : context.lineTo(x, y)));
      context.closePath();
      const glass = context.createLinearGradient(inset[0][0], inset[0][1], inset[2][0], inset[2][1]);
      glass.addColorStop(0, '#1e3a66');
      glass.addColorStop(1, '#3a6fb0');
      context.fillStyle = glass;
      context.fill();
      const [ax, ay] = project(corner(-0.25, 0.93, 1));
      const [bx, by] = project(corner(0.25, 0.93, 1));
      context.strokeStyle = '#f5b942';
      context.lineWidth = 3;
      context.lineCap = 'round';
      context.beginPath();
      context.moveTo(ax, ay);
      context.lineTo(bx, by);
      context.stroke();
    }
  }
}
"""#
}
