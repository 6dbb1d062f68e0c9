/// Writes beats as DESIGN.md's heart-rate output: CSV `t,heart_rate,rr_interval,quality`, one row per beat, or JSON
/// lines with the same fields and a closing `{"summary":{"beats":N,"mean_heart_rate":…,"duration":…}}`
/// (`Beat+EventRow`, `HeartRateSummary`).
public typealias HeartRateOutputWriter = EventOutputWriter<HeartRateSummary>
