extension BuildingWalk {
    /// The building that goes with the simulated IMU's demo (`ScriptedTrajectory.demo`, 80 s): a barometer carried
    /// along it climbs the stairs while the demo walks and rides the lift while it stands, so that a service on the
    /// simulated sensors (`serve --source sim`) counts a flight every 80 s from the IMU's steps.
    ///
    /// | time (s) | in the building |
    /// |---|---|
    /// | 0–6.6 | standing |
    /// | 6.6–≈ 11 | walking on the level |
    /// | ≈ 11–27 | the stairs 1 floor up (the demo's walk goes on) |
    /// | ≈ 27–31 | walking, then standing |
    /// | ≈ 31–44 | the lift 1 floor down (the demo tilts and spins in hand) |
    /// | ≈ 44–80 | standing, walking while the demo runs (62–74), standing: back where it started |
    public static var alongsideDemo: BuildingWalk {
        let activities: [BuildingActivity] = [
            .stand(6.6), .walk(4), .stairs(floors: 1), .walk(3), .stand(1.7), .lift(floors: -1), .stand(17), .walk(12),
        ]
        let walk = BuildingWalk(activities: activities)
        let period = ScriptedTrajectory.demo.period ?? walk.duration
        return BuildingWalk(activities: activities + [.stand(max(0, period - walk.duration))])
    }
}
