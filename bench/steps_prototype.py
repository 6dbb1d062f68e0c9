"""Reference prototype of the Pedometry step detector (Sources/Pedometry), sample by sample.

This is the Python model the Swift `StepDetector` was ported from; `bench/steps --check-prototype` runs both on the
development recordings and requires equal counts. Every number below has its Swift counterpart in
`StepDetector+Settings.swift` / `StepDetector+Coefficients.swift` (same names in snake_case).

The algorithm (see Sources/Pedometry/StepDetector.swift for the long form):
1. |a| (orientation-free), averaged into bins of a fixed internal rate (25 Hz); empty bins interpolated, a gap longer
   than `maximum_gap` restarts the detector.
2. A 2nd-order Butterworth high-pass (0.3 Hz) removes gravity; two 2nd-order low-passes give the step signal
   y (5 Hz) and the smoother period signal yp (3.5 Hz).
3. An exponentially weighted autocorrelation of yp (time constant 8 s, lags up to two strides at the slowest cadence)
   finds the stride lag L (a step is always half a stride): the shortest lag whose autocorrelation is a local maximum
   within 80 % of the best one and whose half-lag autocorrelation is not negative (even harmonics - the steps -
   outweigh the odd ones, the left/right asymmetry); a running cadence (> 2.5 steps/s) is passed over unless the
   motion is as strong as running. Its value q measures how periodic the motion is. When L is twice (within 15 %)
   a candidate given up only for its half lag, that candidate is a steady (q >= 0.8) walking stride and the
   impacts (high-passed magnitude minus y) correlate at its half lag over the last 4 s (>= 0.15), the candidate is
   the stride: a back pocket's thigh swing at the stride frequency had made L two strides.
4. A resonator (band-pass, Q = 2) tuned to 1/P turns the step signal into one cycle per step: each cycle whose
   step-signal amplitude is at least 25 % of the walk's running reference is a step, stamped at the step signal's peak.
5. Walking starts when q >= 0.6 with enough energy and the last two strides of cycle peaks lasted two periods
   within 25 %; the steps that led there are found retroactively by searching the buffered signal backwards one
   period at a time (within +-45 % of a period, up to 20 s back). Walking ends when steps stop, the energy falls below 40 % of
   the walk's, or the periodicity stays low; the autocorrelation then restarts from scratch.
"""
import math

G = 9.80665


class Settings:
    def __init__(self, **kw):
        self.internal_rate = 25.0            # Hz
        self.minimum_cadence = 0.5           # steps/s
        self.maximum_cadence = 4.0           # steps/s
        self.running_cadence = 2.5           # steps/s: faster is running
        self.minimum_walking_rms = 0.3       # m/s^2
        self.minimum_running_rms = 2.0       # m/s^2
        self.periodicity_time_constant = 8.0  # s
        self.walking_periodicity = 0.6
        self.lock_in_window = 20.0           # s
        self.maximum_gap = 1.0               # s
        self.accelerometer_range = 16 * 9.80665  # m/s^2: a component beyond is no sensor's reading, skipped
        self.step_amplitude_fraction = 0.25  # kappa
        self.stop_energy_fraction = 0.4      # rho
        for k, v in kw.items():
            assert hasattr(self, k), k
            setattr(self, k, v)


class Biquad:
    """Second-order Butterworth section, bilinear transform without pre-warping, transposed direct form II
    (MotionMath.Biquad)."""
    def __init__(self, cutoff, rate, high_pass):
        k = math.pi*cutoff/rate; q = math.sqrt(2.0); n = 1.0/(1.0 + q*k + k*k)
        self.a1 = 2.0*(k*k - 1.0)*n; self.a2 = (1.0 - q*k + k*k)*n
        if high_pass: self.b0 = n; self.b1 = -2.0*n; self.b2 = n
        else: self.b0 = k*k*n; self.b1 = 2.0*k*k*n; self.b2 = k*k*n
        self.z1 = 0.0; self.z2 = 0.0
    def settle(self, x):
        y = (self.b0 + self.b1 + self.b2)/(1.0 + self.a1 + self.a2)*x
        self.z2 = self.b2*x - self.a2*y
        self.z1 = self.b1*x - self.a1*y + self.z2
    def __call__(self, x):
        y = self.b0*x + self.z1
        self.z1 = self.b1*x - self.a1*y + self.z2
        self.z2 = self.b2*x - self.a2*y
        return y


class StepDetector:
    # fixed coefficients (StepDetector+Coefficients.swift)
    HIGH_PASS = 0.3; STEP_LOW_PASS = 5.0; PERIOD_LOW_PASS = 3.5
    DECIDE_EVERY = 5; RELATIVE_PEAK = 0.8; HALF_LAG_MINIMUM = -0.1; FAST_PERIODICITY = 0.5
    EXIT_PERIODICITY = 0.3; EXIT_TIME = 1.5; OCTAVE_HOLD = 2.0; OCTAVE_TOLERANCE = 0.3
    RESONATOR_Q = 2.0; HYSTERESIS = 0.2; ENERGY_TIME = 1.0; WALK_ENERGY_TIME = 5.0
    REFERENCE_STEPS = 4.0; END_PERIODS = 2.5; MINIMUM_SPACING = 0.5; SEARCH_WINDOW = 0.45; RECENT_EVENTS = 4; START_REGULARITY = 0.25
    HALVED_PERIODICITY = 0.8; OCTAVE_MATCH = 0.15; IMPACT_WINDOW = 4.0; IMPACT_CORRELATION = 0.15
    TENTATIVE_PEAK = 1.0; TENTATIVE_DELAY = 0.2; TENTATIVE_FALL = 0.5; TENTATIVE_QUIET = 3.0

    def __init__(self, settings=None, **kw):
        s = self.s = settings or Settings(**kw)
        fs = s.internal_rate; self.fs = fs
        self.lag_min = max(2, int(2*fs/s.maximum_cadence))
        self.lag_max = max(self.lag_min + 2, int(math.floor(2*fs/s.minimum_cadence + 0.5)))
        self.K = self.lag_max + 2
        self.alpha = 1/(s.periodicity_time_constant*fs)
        self.energy_gain = 1/(self.ENERGY_TIME*fs); self.walk_gain = 1/(self.WALK_ENERGY_TIME*fs); self.amp_gain = 1/fs
        self.min_walk_energy = s.minimum_walking_rms*s.minimum_walking_rms
        self.min_run_energy = s.minimum_running_rms*s.minimum_running_rms
        self.stop_ratio = s.stop_energy_fraction*s.stop_energy_fraction
        self.running_lag = 2*fs/s.running_cadence   # stride lags shorter than this are running cadences
        self.fast_lag = max(1, min(int(math.floor(fs/s.maximum_cadence)), self.lag_min - 1))
        self.buffer_length = int((s.lock_in_window + 1/s.minimum_cadence)*fs) + 4
        self.impact_window = int(self.IMPACT_WINDOW*fs); self.impact_length = self.impact_window + self.lag_max + 2
        self.count = 0; self.steps = []; self.t0 = None; self.log = None  # a list to record walk starts and ends ('s'|'e', time)
        # tentative steps (they never change the count): `reports` is None or a list of ('t', step time, report
        # time) and ('w', how many withdrawn, report time)
        self.tentative_floor = self.TENTATIVE_PEAK*s.minimum_walking_rms
        self.tentative_delay = int(math.floor(self.TENTATIVE_DELAY*fs + 0.5))
        self.tentative_spacing = fs/s.maximum_cadence
        self.pending = []; self.reports = None
        self.restart()

    # ---- state
    def restart(self):
        fs = self.fs
        self.hp = Biquad(self.HIGH_PASS, fs, True); self.lp_y = Biquad(self.STEP_LOW_PASS, fs, False)
        self.lp_p = Biquad(self.PERIOD_LOW_PASS, fs, False)
        self.primed = False; self.n = 0
        self.reset_periodicity()
        self.yp_buf = [0.0]*self.buffer_length
        self.z_buf = [0.0]*self.impact_length
        self.period = None; self.q = 0.0; self.cand = None; self.cand_since = 0.0
        self.walking = False; self.armed = False; self.arm_low_since = None
        self.energy = 0.0; self.walk_energy = 0.0
        self.res = [0.0]*4; self.res_coef = None; self.res_period = 0.0; self.res_amp = 0.0; self.sign = -1
        self.cyc_max = -1e300; self.cyc_min = 1e300; self.cyc_max_n = 0
        self.events = []  # (n, amplitude, peak_n) of recent cycles
        self.reference = 0.0; self.last_step_n = -10**9; self.last_accept_n = -10**9
        self.bin = None
        self.t_max = -1e300; self.t_peak = 0; self.last_tentative = -10**9

    def reset_periodicity(self):
        L1 = self.K + 1
        self.R = [0.0]*L1; self.hist = [0.0]*(2*L1); self.r0hist = [0.0]*(2*L1); self.write = 0

    # ---- input: timestamps in s, acceleration in m/s^2
    def update(self, t, ax, ay, az):
        if not all(math.isfinite(x) for x in (t, ax, ay, az)) or max(abs(ax), abs(ay), abs(az)) > self.s.accelerometer_range:
            return
        m = math.sqrt(ax*ax + ay*ay + az*az)
        fs = self.fs
        if self.t0 is None: self.t0 = t
        b = math.floor((t - self.t0)*fs)
        if self.bin is None:
            self.bin = b; self.sum = m; self.cnt = 1; self.last_value = None; self.base_index = b; return
        if b < self.bin: return
        if b == self.bin: self.sum += m; self.cnt += 1; return
        v = self.sum/self.cnt
        self.emit(v)
        empty = b - self.bin - 1
        if empty > 0:
            if empty/fs > self.s.maximum_gap:
                self.gap(b); self.sum = m; self.cnt = 1; return
            for k in range(1, empty+1):
                self.emit(v + (m - v)*k/(b - self.bin))
        self.bin = b; self.sum = m; self.cnt = 1

    def gap(self, b):
        self.withdraw(len(self.pending))
        count, steps, t0, reports = self.count, self.steps, self.t0, self.reports
        self.restart(); self.count, self.steps, self.t0, self.reports = count, steps, t0, reports
        self.bin = b; self.base_index = b

    def time_of(self, n):
        return self.t0 + (self.base_index + n + 0.5)/self.fs

    # ---- one internal sample
    def emit(self, x):
        s = self.s; fs = self.fs; n = self.n
        if not self.primed:
            self.hp.settle(x); self.lp_y.settle(0.0); self.lp_p.settle(0.0); self.primed = True
        h = self.hp(x); y = self.lp_y(h); yp = self.lp_p(h)
        self.energy += (y*y - self.energy)*self.energy_gain
        # autocorrelation with exponential forgetting (history written backwards, twice)
        L1 = self.K + 1
        self.write = L1 - 1 if self.write == 0 else self.write - 1
        w = self.write; hist = self.hist; hist[w] = yp; hist[w + L1] = yp
        R = self.R; a = self.alpha
        for k in range(L1):
            R[k] += a*(yp*hist[w + k] - R[k])
        self.r0hist[w] = R[0]; self.r0hist[w + L1] = R[0]
        self.yp_buf[n % self.buffer_length] = yp
        self.z_buf[n % self.impact_length] = h - y
        if n % self.DECIDE_EVERY == 0: self.decide(n)
        # resonator at the step frequency
        out = 0.0
        if self.period is not None:
            if self.res_period != self.period:
                p = self.period; xx = math.pi/(p*fs)
                k = xx*(15 - xx*xx)/(15 - 6*xx*xx); kq = k/self.RESONATOR_Q; nn = 1/(1 + kq + k*k)
                self.res_coef = (kq*nn, 2*(k*k - 1)*nn, (1 - kq + k*k)*nn); self.res_period = p
            g, a1, a2 = self.res_coef; x1, x2, r1, r2 = self.res
            out = g*(y - x2) - a1*r1 - a2*r2
            self.res = [y, x1, out, r1]
        self.res_amp += (abs(out)*(math.pi/2) - self.res_amp)*self.amp_gain
        if y > self.cyc_max: self.cyc_max = y; self.cyc_max_n = n
        if y < self.cyc_min: self.cyc_min = y
        if self.sign < 0 and out > self.HYSTERESIS*self.res_amp: self.sign = 1
        elif self.sign > 0 and out < -self.HYSTERESIS*self.res_amp:
            self.sign = -1
            self.event(n, (self.cyc_max - self.cyc_min)/2, self.cyc_max_n)
            self.cyc_max = -1e300; self.cyc_min = 1e300
        self.tentative(n, y)
        if self.walking:
            self.walk_energy += (self.energy - self.walk_energy)*self.walk_gain
            if (n - self.last_accept_n) > self.END_PERIODS*self.period*fs or \
                    self.energy < self.stop_ratio*self.walk_energy:
                self.end_walk()
        self.n = n + 1

    def autocorrelation(self, k):
        R = self.R
        r0 = R[0]; rl = self.r0hist[self.write + k]
        d = r0 if r0 > rl else rl
        return R[k]/d if d > 0 else 0.0

    def find_period(self, running_allowed=True):
        if self.R[0] <= 0: return None, 0.0
        ac = self.autocorrelation
        for l in range(2, self.fast_lag + 1):
            v = ac(l)
            if v >= self.FAST_PERIODICITY and v >= ac(l - 1) and v >= ac(l + 1): return None, 0.0
        lo, hi = self.lag_min, min(self.K - 1, self.lag_max)
        best = -1e300
        for l in range(lo, hi + 1): best = max(best, ac(l))
        passed = None  # the first stride candidate given up only for its half lag: (refined lag, autocorrelation)
        for l in range(lo + 1, hi):
            y0, y1, y2 = ac(l - 1), ac(l), ac(l + 1)
            if y1 >= y0 and y1 >= y2 and y1 >= self.RELATIVE_PEAK*best:
                if not running_allowed and l < self.running_lag: continue
                den = y0 - 2*y1 + y2
                d = 0.5*(y0 - y2)/den if den < 0 else 0.0
                half = ac(l//2) if l % 2 == 0 else 0.5*(ac(l//2) + ac(l//2 + 1))
                if half >= self.HALF_LAG_MINIMUM:
                    if passed is not None and passed[1] >= self.HALVED_PERIODICITY \
                            and abs((l + d)/(2*passed[0]) - 1) <= self.OCTAVE_MATCH \
                            and self.impacts_alike(0.5*passed[0]):
                        return passed[0]/(2*self.fs), passed[1]
                    return (l + d)/(2*self.fs), y1
                if passed is None and l >= self.running_lag: passed = (l + d, y1)
        return None, best

    def impacts_alike(self, lag):
        """Whether the impact signal (high-passed magnitude minus step signal: the band above the step signal's corner,
        where the impacts are and a limb's swing is not) correlates with itself `lag` bins back over the last
        IMPACT_WINDOW."""
        k = int(math.floor(lag + 0.5)); n = self.n; B = self.impact_length; w = min(self.impact_window, n - k)
        if w <= 0: return False
        xy = xx = yy = 0.0
        for i in range(n - w + 1, n + 1):
            a = self.z_buf[i % B]; b = self.z_buf[(i - k) % B]
            xy += a*b; xx += a*a; yy += b*b
        c = xy/math.sqrt(xx*yy) if xx > 0 and yy > 0 else 0.0
        return c >= self.IMPACT_CORRELATION

    def decide(self, n):
        s = self.s; tn = n/self.fs
        P, q = self.find_period(self.energy >= self.min_run_energy); self.q = q
        if P is not None:
            if self.period is None or not self.walking or abs(P/self.period - 1) < self.OCTAVE_TOLERANCE:
                self.period = P; self.cand = None
            elif self.cand is None or abs(P/self.cand - 1) > self.OCTAVE_TOLERANCE:
                self.cand = P; self.cand_since = tn
            elif tn - self.cand_since >= self.OCTAVE_HOLD:
                self.period = P; self.cand = None
        loud = self.energy >= self.min_walk_energy
        pc = self.period if self.walking else P
        if pc is not None and 1/pc > s.running_cadence and self.energy < self.min_run_energy: loud = False
        if not self.walking:
            self.arm_low_since = None
            self.armed = P is not None and q >= s.walking_periodicity and loud
        elif P is None or q < self.EXIT_PERIODICITY or not loud:
            if self.arm_low_since is None: self.arm_low_since = tn
            if not loud or tn - self.arm_low_since >= self.EXIT_TIME: self.end_walk()
        else:
            self.arm_low_since = None

    def end_walk(self):
        if self.log is not None: self.log.append(('e', round(self.time_of(self.n), 1)))
        self.walking = False; self.armed = False; self.reset_periodicity()

    def add(self, n_event, n_peak):
        self.count += 1; self.steps.append(self.time_of(n_peak)); self.last_step_n = n_event; self.last_accept_n = self.n
        if self.reports is not None: self.reports.append(('c', self.time_of(n_peak), self.time_of(self.n)))

    def event(self, n, amplitude, peak_n):
        self.events.append((n, amplitude, peak_n))
        if len(self.events) > self.RECENT_EVENTS: self.events.pop(0)
        P = self.period; fs = self.fs
        if not self.walking:
            if not self.armed: return
            if len(self.events) < self.RECENT_EVENTS: return
            peaks = [e[2] for e in self.events]
            for i in range(2, len(peaks)):
                if abs((peaks[i] - peaks[i - 2])/(2*P*fs) - 1) > self.START_REGULARITY: return
            self.walking = True; self.walk_energy = self.energy
            if self.log is not None: self.log.append(('s', round(self.time_of(n), 1)))
            self.withdraw(len(self.pending))
            amps = sorted(e[1] for e in self.events)
            self.reference = amps[len(amps)//2]
            for pn in self.search_back(peak_n): self.add(pn, pn)
            self.add(n, peak_n)
            return
        if amplitude < self.s.step_amplitude_fraction*self.reference: return
        self.reference += (amplitude - self.reference)/self.REFERENCE_STEPS
        if n - self.last_step_n < self.MINIMUM_SPACING*P*fs: return
        self.add(n, peak_n)

    def tentative(self, n, y):
        """Before walking is recognised, each peak of the step signal y that reaches `tentative_floor`, stays the
        highest for TENTATIVE_DELAY and is followed by a fall to TENTATIVE_FALL of it is a tentative step (at least
        1/maximum_cadence apart). Pending tentative steps are withdrawn when walking is recognised (its counted steps
        follow), after TENTATIVE_QUIET s without one, once older than lock_in_window, and at a gap."""
        fs = self.fs
        if self.pending:
            if n - self.pending[-1] > self.TENTATIVE_QUIET*fs: self.withdraw(len(self.pending))
            elif n - self.pending[0] > self.s.lock_in_window*fs: self.withdraw(1)
        if self.walking:
            self.t_max = -1e300; return
        if y > self.t_max: self.t_max = y; self.t_peak = n
        if n - self.t_peak >= self.tentative_delay and y < self.TENTATIVE_FALL*self.t_max:
            if self.t_max >= self.tentative_floor and self.t_peak - self.last_tentative >= self.tentative_spacing:
                self.pending.append(self.t_peak); self.last_tentative = self.t_peak
                if self.reports is not None: self.reports.append(('t', self.time_of(self.t_peak), self.time_of(n)))
            self.t_max = y; self.t_peak = n

    def withdraw(self, k):
        if k == 0: return
        del self.pending[:k]
        if self.reports is not None: self.reports.append(('w', k, self.time_of(self.n)))

    def search_back(self, anchor):
        """Steps before `anchor` (an internal sample index), found one period at a time in the buffered yp."""
        fs = self.fs; P = self.period; B = self.buffer_length; now = self.n
        oldest = max(0, now - B + 1); pb = P*fs
        w = max(1, int(math.floor(self.SEARCH_WINDOW*pb + 0.5))); half = max(1, int(math.floor(0.5*pb + 0.5)))
        floor_amp = self.s.step_amplitude_fraction*self.reference
        earliest = self.last_step_n + self.MINIMUM_SPACING*pb
        found = []
        while True:
            expected = anchor - pb
            lo = int(math.floor(expected - w)); hi = int(math.ceil(expected + w))
            if lo - half < oldest or (now - expected)/fs > self.s.lock_in_window: break
            best = lo; bv = self.yp_buf[lo % B]
            for i in range(lo + 1, hi + 1):
                v = self.yp_buf[i % B]
                if v > bv: best = i; bv = v
            if best == lo or best == hi: break
            top = min(best + half, now); vmax = -1e300; vmin = 1e300
            for i in range(best - half, top + 1):
                v = self.yp_buf[i % B]; vmax = max(vmax, v); vmin = min(vmin, v)
            if (vmax - vmin)/2 < floor_amp or best < earliest: break
            found.append(best); anchor = best
        found.reverse(); return found


def count_steps(t, acc, **kw):
    d = StepDetector(**kw)
    for i in range(len(t)): d.update(float(t[i]), float(acc[i][0]), float(acc[i][1]), float(acc[i][2]))
    return d
