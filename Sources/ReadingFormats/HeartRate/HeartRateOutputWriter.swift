/// Writes beats as the heart-rate output of docs/formats.md: CSV `t,heart_rate,rr_interval,quality`, one row per beat,
/// or JSON lines with the same fields and a closing `{"summary":{"beats":N,"mean_heart_rate":…,"duration":…}}`
/// (`Beat+EventRow`, `HeartRateSummary`).
public typealias HeartRateOutputWriter = EventOutputWriter<HeartRateSummary>
