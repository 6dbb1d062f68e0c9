/// Writes steps as the steps output of docs/formats.md: CSV `t,steps,cadence,activity`, one row per step, or JSON lines
/// with the same fields and a closing `{"summary":{"steps":N,"duration":…,"cadence":…,"counter":"software|hardware"}}`
/// (`Step+EventRow`, `StepsSummary`).
public typealias StepsOutputWriter = EventOutputWriter<StepsSummary>
