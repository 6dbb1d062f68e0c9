import Calibration

/// A guided calibration on stderr: the opening instructions, each prompt and restart on its own line, the progress
/// of the current step through `ProgressLine`, and the lines for a summary or for giving up. It only renders: what
/// happens is decided by the procedure (`GuidedProcedure` in Calibration).
struct GuidedCalibrationView {
    /// A restart is announced only when the still period had lasted long enough for the user to notice (s), so
    /// that a device being handled does not print a line per attempt.
    static let noticeableStill = 1.0

    let task: GuidedTask
    let progress: ProgressLine

    /// What the user has to do, before the first sample.
    var instructions: String {
        switch task {
        case .keepStill(let seconds):
            "put the device on a steady surface and do not touch it for \(Int(seconds.rounded(.up))) s"
        case .level(let holdSeconds):
            "lay the device flat, screen up, on a level table and keep it still for \(Int(holdSeconds)) s"
        case .faces(_, let holdSeconds):
            "rest the device on each of its six faces in turn, pressed against the side of a box if you can, and "
                + "keep it still for \(Int(holdSeconds)) s on each"
        case .freePoses(let count, let holdSeconds):
            "hold the device still in \(count) different orientations, spread over all directions (screen up, "
                + "down, on each edge, and in between), \(Int(holdSeconds)) s each"
        case .rotate(let longestSeconds):
            "turn the device slowly through every orientation (figure-of-eight sweeps, screen up, down and "
                + "sideways), away from metal and magnets, for up to \(Int(longestSeconds)) s"
        }
    }

    /// Shows one event; the end of the procedure (`.finished`, `.refused`) is the command's to report.
    func show(_ event: GuidedEvent) {
        switch event {
        case .prompt(let pose):
            progress.event(prompt(pose))
        case .progress(let fraction, let feedback):
            progress.update(fraction: fraction, label: label(feedback))
        case .restarted(let afterStill):
            if afterStill >= Self.noticeableStill {
                progress.event("movement detected: starting again; keep the device still")
            }
        case .poseAccepted(let pose):
            // A free pose's acceptance is said with the prompt for the next one.
            if let face = pose.face { progress.event("face \(face.name) captured") }
        case .finished, .refused:
            break
        }
    }

    /// Ends the progress bar's line.
    func finish() {
        progress.finish()
    }

    /// Why the procedure is not complete, for a timeout or the end of the source.
    func shortfall(_ shortfall: GuidedShortfall) -> String {
        switch shortfall {
        case .neverStill(let seconds, let restarts):
            "the device never stayed still for \(Int(seconds.rounded(.up))) s (\(restarts) restarts after movement)"
        case .faceNotHeld(let face, let done, let count):
            "face \(face.name) up was never held still (\(done) of \(count) done)"
        case .tooFewPoses(let found, let needed):
            "only \(found) of \(needed) distinct still poses"
        case .coverage(let fraction):
            "coverage \(Self.percent(fraction)) % of the directions"
        }
    }

    /// What the calibration was computed from.
    func summary(_ result: GuidedResult) -> [String] {
        switch result {
        case .gyroscope(_, let samples):
            return ["\(samples) still samples"]
        case .accelerometer(_, let poses):
            if case .freePoses = task { return ["\(poses) poses captured"] }
            return ["\(poses) face\(poses == 1 ? "" : "s") captured"]
        case .magnetometer(_, let samples, let coverage):
            return ["\(samples) samples, rough coverage \(Self.percent(coverage)) %"]
        }
    }

    private func prompt(_ pose: GuidedPose) -> String {
        if let face = pose.face {
            return "face \(pose.number)/\(pose.count): \(face.placement) (\(face.name) up)"
        }
        if pose.number == 1 {
            return "pose 1/\(pose.count): any orientation, held still"
        }
        return "pose \(pose.number - 1) captured; pose \(pose.number)/\(pose.count): turn to a new orientation"
    }

    private func label(_ feedback: GuidedFeedback) -> String {
        switch feedback {
        case .moving(nil): "waiting for stillness"
        case .moving: "hold still"
        case .wrongOrientation(let pose): pose.face.map { "turn to \($0.name) up" } ?? "turn to a new orientation"
        case .still(nil): "still"
        case .still(let pose?): pose.face.map { "\($0.name) up, still" } ?? "pose \(pose.number), still"
        case .rotating(let coverage): "coverage \(Self.percent(coverage)) %"
        }
    }

    private static func percent(_ fraction: Double) -> Int { Int(fraction * 100) }
}
