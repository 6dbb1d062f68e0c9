"""Reference (prototype) of the Swift `Pulse.BeatDetector`: the same steps, the same arithmetic order.

Streaming: feed (t, x) samples one at a time; finished beats are appended to `beats` as tuples
(time, rr or None, heart_rate or None, quality) with quality in {"good", "irregular", "poor"}.
"""
import math


def median(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])


class Biquad:
    """Second-order section, transposed direct form II."""

    def __init__(self, b0, b1, b2, a1, a2):
        self.b0, self.b1, self.b2, self.a1, self.a2 = b0, b1, b2, a1, a2
        self.z1 = 0.0
        self.z2 = 0.0

    @staticmethod
    def butterworth(cutoff, rate, high):
        # Bilinear transform without pre-warping (no tangent needed): the -3 dB point lands at
        # (rate/pi)*atan(pi*cutoff/rate), i.e. the cutoff itself for cutoff << rate.
        k = math.pi * cutoff / rate
        q = math.sqrt(2.0)
        n = 1.0 / (1.0 + q * k + k * k)
        a1 = 2.0 * (k * k - 1.0) * n
        a2 = (1.0 - q * k + k * k) * n
        if high:
            return Biquad(n, -2.0 * n, n, a1, a2)
        return Biquad(k * k * n, 2.0 * k * k * n, k * k * n, a1, a2)

    def step(self, x):
        y = self.b0 * x + self.z1
        self.z1 = self.b1 * x - self.a1 * y + self.z2
        self.z2 = self.b2 * x - self.a2 * y
        return y

    def settle(self, x):
        """The state of a constant input x held forever."""
        y = (self.b0 + self.b1 + self.b2) / (1.0 + self.a1 + self.a2) * x
        self.z2 = self.b2 * x - self.a2 * y
        self.z1 = self.b1 * x - self.a1 * y + self.z2


class Settings:
    high_pass = 0.5            # Hz
    low_pass = 8.0             # Hz, at most 0.35 * rate
    learning_time = 3.0        # s: at least two beats down to 40 bpm
    threshold = 0.5            # x slope level
    refractory = 0.5           # x expected RR
    minimum_interval = 60.0 / 220.0
    maximum_interval = 2.0
    maximum_gap = 0.5          # s without samples: start again
    value_range = 16777216.0   # |x| beyond: no sensor's reading (24-bit full scale)
    flat_duration = 0.25       # s of identical raw samples
    artefact_slope = 3.0       # x slope level
    artefact_amplitude = 2.0   # x pulse amplitude (band-passed signal magnitude)
    artefact_hold = 1.0        # s
    relearn_time = 12.0        # s without a clean beat before the levels are learnt again
    level_floor = 1.0 / 16.0   # x the slope level of the last good beat: the level decays no lower (no pulse)
    template_correlation = 0.75
    template_points = 24
    template_before = 0.3      # x RR before the beat
    template_after = 0.6       # x RR after the beat
    rhythm_tolerance = 0.25
    smoothing_beats = 32       # at most (capacity)
    smoothing_time = 8.0       # s of agreeing intervals averaged into the heart rate
    lock_intervals = 3
    tracked_intervals = 7
    level_beats = 5
    default_interval = 0.75    # s, the template window's RR before one is known


class Detector:
    def __init__(self, settings=None):
        self.s = settings or Settings()
        self.beats = []
        self.period = None
        self.pulse_lost = False    # at the level floor, or relearnt for want of clean beats, since the last clean beat
        self.startup_dts = []
        self.last_t = None
        self._restart_all()

    # ---- setup -------------------------------------------------------------------------------------------------
    def _configure(self, period):
        s = self.s
        self.period = period
        rate = 1.0 / period
        cutoff = min(s.low_pass, 0.35 * rate)
        self.hp = Biquad.butterworth(s.high_pass, rate, True)
        self.lp = Biquad.butterworth(cutoff, rate, False)
        # group delay of the low-pass at low frequencies plus the half sample of the first difference
        self.delay = math.sqrt(2.0) / (2.0 * math.pi * cutoff)
        self.capacity = int(math.ceil((s.template_before + s.template_after) * s.maximum_interval / period)) + 4
        self.ring_t = [0.0] * self.capacity
        self.ring_y = [0.0] * self.capacity
        self.head = 0
        self.count = 0

    def _restart_all(self):
        self.level = None
        self.levels = []
        self.good_level = None
        self.last_clean = None
        self.learn_start = None
        self.learn_top = []
        self.amplitude = None
        self.amplitudes = []
        self.template = None
        self.template_rr = 0.0
        self.mismatch = 0
        self.intervals = []
        self.rejected = 0
        self.smooth = []
        self._restart_signal()

    def _restart_signal(self):
        self.primed = False
        self.y_prev = None
        self.d1 = None
        self.d2 = None
        self.t1 = 0.0
        self.flat_time = 0.0
        self.x_prev = None
        self.bad_until = -math.inf
        self.candidate = None
        self.last_candidate = None
        self.last_beat = None
        self.last_good = False
        self.pending = []
        self.count = 0

    # ---- helpers -----------------------------------------------------------------------------------------------
    def expected_interval(self):
        if len(self.intervals) < self.s.lock_intervals:
            return None
        return median(self.intervals)

    def refractory_time(self):
        e = self.expected_interval()
        return max(self.s.minimum_interval, self.s.refractory * e) if e is not None else self.s.minimum_interval

    def _mark_artefact(self, t):
        self.bad_until = t + self.s.artefact_hold

    # ---- per sample --------------------------------------------------------------------------------------------
    def update(self, t, x):
        s = self.s
        # 1. Timing: the nominal period from the first samples; a gap restarts the signal path.
        if not math.isfinite(t) or (self.last_t is not None and not (t > self.last_t)):
            return
        if self.period is None:
            if self.last_t is not None:
                self.startup_dts.append(t - self.last_t)
            self.last_t = t
            if len(self.startup_dts) >= 8:
                self._configure(median(self.startup_dts))
            return
        if t - self.last_t > s.maximum_gap:
            self._restart_signal()
        self.last_t = t
        # 2. Flat line, saturation and invalid values (not a number, or beyond any sensor's range).
        if not (math.isfinite(x) and abs(x) <= s.value_range):
            self._mark_artefact(t)
            self._artefact_clock(t)
            return
        if self.x_prev is not None and x == self.x_prev:
            self.flat_time += self.period
            if self.flat_time >= s.flat_duration:
                self._mark_artefact(t)
        else:
            self.flat_time = 0.0
        self.x_prev = x
        # 3. Band-pass.
        if not self.primed:
            self.hp.settle(x)
            self.lp.settle(0.0)
            self.primed = True
            if self.learn_start is None:
                self.learn_start = t
        y = self.lp.step(self.hp.step(x))
        self.ring_t[self.head] = t
        self.ring_y[self.head] = y
        self.head = (self.head + 1) % self.capacity
        self.count = min(self.count + 1, self.capacity)
        if self.y_prev is None:
            self.y_prev = y
            return
        d = y - self.y_prev
        self.y_prev = y
        # 4. Artefacts: slopes or excursions far beyond those of the pulse.
        if self.level is not None and abs(d) > s.artefact_slope * self.level:
            self._mark_artefact(t)
        if self.amplitude is not None and abs(y) > s.artefact_amplitude * self.amplitude:
            self._mark_artefact(t)
        self._artefact_clock(t)
        # 5. Upstroke candidates: local maxima of the slope.
        if self.d1 is not None and self.d2 is not None and self.d1 > self.d2 and self.d1 >= d and self.d1 > 0:
            self._candidate(self.t1, self.d1, self.d2, d)
        self.d2 = self.d1
        self.d1 = d
        self.t1 = t - 0.5 * self.period
        # 6. A candidate becomes a beat once the refractory time has passed without a steeper one.
        if self.candidate is not None and t - self.candidate[0] > self.refractory_time() + self.delay:
            self._detect(*self.candidate)
            self.candidate = None
        # 7. Missing beats lower the level (the pulse got weaker); not during an artefact, which hides the pulse.
        if self.last_candidate is not None and t < self.bad_until:
            self.last_candidate = t
        if self.level is not None and self.last_candidate is not None:
            e = self.expected_interval()
            wait = max(1.5 * e, 1.2) if e is not None else s.maximum_interval
            if t - self.last_candidate > wait:
                floor = self.good_level * s.level_floor if self.good_level is not None else 0.0
                if self.level * 0.5 >= floor:
                    self.level *= 0.5
                else:
                    self.level = floor
                    self.pulse_lost = True
                self.last_candidate = t
        # 7b. No clean beat for relearn_time (a much weaker or stronger pulse, another sensor gain, a long artefact):
        # learn the levels again.
        if self.last_clean is not None and t - self.last_clean > s.relearn_time:
            self.pulse_lost = True
            self._relearn(t)
        # 8. A beat's quality is known once its template window has passed.
        if self.pending:
            e = self.expected_interval() or s.default_interval
            if t >= self.pending[0][0] + s.template_after * e + self.delay:
                self._finish(self.pending.pop(0), e)

    def _artefact_clock(self, t):
        if t < self.bad_until and self.pulse_lost and self.level is not None:
            # An artefact while the pulse is lost: the finger is back. Learn the levels again at once.
            self._relearn(t)

    def _relearn(self, t):
        self._restart_all()
        self.primed = True
        self.learn_start = t
        self.bad_until = t + self.s.artefact_hold

    def _candidate(self, tc, dc, dl, dr):
        s = self.s
        if self.level is None:
            if tc < self.bad_until:
                # Learn from the pulse, not from an artefact's transient: start again after it.
                self.learn_top = []
                self.learn_start = self.bad_until
                return
            # The level starts as the median of the three steepest upstrokes: two or more beats, so one transient
            # or one diastolic wave does not set it.
            self.learn_top = sorted(self.learn_top + [dc], reverse=True)[:3]
            if tc - self.learn_start >= s.learning_time:
                self.level = median(self.learn_top)
                self.levels = [self.level]
                self.learn_top = []
                self.last_candidate = tc
                self.last_clean = tc
            return
        if dc < s.threshold * self.level:
            return
        # Parabolic interpolation of the slope maximum.
        den = dl - 2.0 * dc + dr
        off = 0.5 * (dl - dr) / den if den != 0.0 else 0.0
        off = max(-0.5, min(0.5, off))
        tb = tc + off * self.period - self.delay
        peak = dc - 0.25 * (dl - dr) * off
        if self.candidate is not None and tb - self.candidate[0] < self.refractory_time():
            if peak > self.candidate[1]:
                self.candidate = (tb, peak)
            return
        if self.candidate is not None:
            self._detect(*self.candidate)
            self.candidate = None
        if self.last_beat is not None and tb - self.last_beat < self.refractory_time():
            return
        self.candidate = (tb, peak)
        self.last_candidate = tb

    def _detect(self, tb, slope):
        s = self.s
        bad = tb < self.bad_until
        level = self.level
        slope_ok = s.threshold * level <= slope <= s.artefact_slope * level
        if not bad:
            self.levels.append(slope)
            if len(self.levels) > s.level_beats:
                self.levels.pop(0)
            # The second largest: the systolic upstrokes, not a diastolic wave that passed, nor one outlier.
            self.level = sorted(self.levels)[-2] if len(self.levels) >= 2 else self.levels[0]
        self.pending.append((tb, slope_ok, bad, self.last_beat))
        self.last_beat = tb

    def _shape(self, tb, e):
        """The band-passed pulse around tb resampled to template_points; (unit vector, amplitude) or None."""
        s = self.s
        k = s.template_points
        start = tb + self.delay - s.template_before * e
        step = (s.template_before + s.template_after) * e / (k - 1)
        oldest = (self.head - self.count) % self.capacity
        if self.count < 2 or start < self.ring_t[oldest]:
            return None
        v = []
        j = 0  # position (from the oldest) of the sample at or before the point
        for i in range(k):
            p = start + i * step
            while j + 2 < self.count and self.ring_t[(oldest + j + 1) % self.capacity] <= p:
                j += 1
            ia = (oldest + j) % self.capacity
            ib = (oldest + j + 1) % self.capacity
            ta, tb2 = self.ring_t[ia], self.ring_t[ib]
            w = (p - ta) / (tb2 - ta)
            w = max(0.0, min(1.0, w))
            v.append(self.ring_y[ia] + w * (self.ring_y[ib] - self.ring_y[ia]))
        mean = sum(v) / k
        lo, hi = min(v), max(v)
        v = [a - mean for a in v]
        norm = math.sqrt(sum(a * a for a in v))
        if norm == 0.0:
            return None
        return [a / norm for a in v], hi - lo

    def _finish(self, pending, e):
        s = self.s
        tb, slope_ok, bad_at_detection, previous = pending
        bad = bad_at_detection or tb < self.bad_until or (previous is not None and previous < self.bad_until)
        shaped = self._shape(tb, e)
        corr = None
        if shaped is not None and self.template is not None:
            corr = sum(a * b for a, b in zip(shaped[0], self.template))
        shape_ok = corr is None or corr >= s.template_correlation
        good = (not bad) and slope_ok and shape_ok
        if good:
            self.last_clean = tb
            if corr is not None:
                self.pulse_lost = False  # two clean pulses of one shape: a pulse, not noise
        # The template and the pulse amplitude learn from beats outside artefacts.
        if shaped is not None and not bad:
            v, amp = shaped
            if self.template is None or abs(e / self.template_rr - 1.0) > 0.3 or self.mismatch >= 4:
                self.template = v
                self.template_rr = e
                self.mismatch = 0
            elif corr >= s.template_correlation:
                mixed = [0.9 * a + 0.1 * b for a, b in zip(self.template, v)]
                norm = math.sqrt(sum(a * a for a in mixed))
                self.template = [a / norm for a in mixed]
                self.mismatch = 0
            else:
                self.mismatch += 1
            if good:
                self.amplitudes.append(amp)
                if len(self.amplitudes) > s.level_beats:
                    self.amplitudes.pop(0)
                self.amplitude = median(self.amplitudes)
        # The RR tracker: intervals between two good beats that agree with the rhythm.
        rr = tb - previous if previous is not None else None
        expected = self.expected_interval()
        consistent = False
        if good and self.last_good and rr is not None and s.minimum_interval <= rr <= s.maximum_interval:
            if expected is None or abs(rr / expected - 1.0) <= s.rhythm_tolerance:
                consistent = True
                self.intervals.append(rr)
                if len(self.intervals) > s.tracked_intervals:
                    self.intervals.pop(0)
                self.rejected = 0
                if expected is not None:
                    self.smooth.append(rr)
                    while len(self.smooth) > s.smoothing_beats or (len(self.smooth) > 1 and sum(self.smooth) > s.smoothing_time):
                        self.smooth.pop(0)
            else:
                self.rejected += 1
                if self.rejected >= 4:
                    # Four good beats in a row off the rhythm: the rhythm changed, learn it again.
                    self.intervals = []
                    self.smooth = []
                    self.rejected = 0
        heart_rate = None
        if consistent and expected is not None and self.smooth:
            heart_rate = 60.0 * len(self.smooth) / sum(self.smooth)
            self.good_level = self.level
            self.pulse_lost = False  # a pulse with a rhythm, not noise that looked clean
        quality = "good" if heart_rate is not None else ("irregular" if good else "poor")
        self.beats.append((tb, rr, heart_rate, quality))
        self.last_good = good


def run(t, x, settings=None):
    d = Detector(settings)
    for a, b in zip(t, x):
        d.update(float(a), float(b))
    return d


def read_recording(path):
    """(t, ppg) lists from a CSV with a header holding `t` and `ppg` (or `ppg_ir`, `ppg_red`); empty fields -> nan."""
    with open(path) as f:
        header = f.readline().strip().split(",")
        column = next(name for name in ("ppg", "ppg_ir", "ppg_red") if name in header)
        it, ip = header.index("t"), header.index(column)
        times, values = [], []
        for line in f:
            fields = line.rstrip("\n").split(",")
            if len(fields) <= max(it, ip):
                continue
            times.append(float(fields[it]))
            values.append(float(fields[ip]) if fields[ip] != "" else math.nan)
    return times, values


def write_beats(beats, out):
    """The beats as CSV rows t,heart_rate,rr_interval,quality (shortest round-trip decimals, empty when absent)."""
    out.write("t,heart_rate,rr_interval,quality\n")
    for time, rr, heart_rate, quality in beats:
        out.write("%r,%s,%s,%s\n" % (time, "" if heart_rate is None else repr(heart_rate),
                                     "" if rr is None else repr(rr), quality))


if __name__ == "__main__":
    import sys
    t, x = read_recording(sys.argv[1])
    write_beats(run(t, x).beats, sys.stdout)
