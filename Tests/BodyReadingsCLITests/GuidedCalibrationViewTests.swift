import Calibration
import Testing
@testable import BodyReadingsCLI

/// The command's rendering of a guided procedure's events (the procedures themselves: `GuidedProcedureTests`).
@Suite struct GuidedCalibrationViewTests {
    func render(_ task: GuidedTask, _ events: [GuidedEvent]) -> String {
        let (console, output) = Console.capture()
        let view = GuidedCalibrationView(task: task, progress: ProgressLine(console: console))
        for event in events { view.show(event) }
        view.finish()
        return output.stderr
    }

    @Test func freePosesSayTheAcceptanceWithTheNextPrompt() {
        let task = GuidedTask.freePoses(count: 12, holdSeconds: 2)
        let first = GuidedPose(number: 1, count: 12)
        let second = GuidedPose(number: 2, count: 12)
        let text = render(task, [
            .prompt(first), .progress(fraction: 0, feedback: .moving(first)),
            .progress(fraction: 0.3, feedback: .still(first)), .progress(fraction: 0.6, feedback: .still(first)),
            .poseAccepted(first), .prompt(second),
            .progress(fraction: 0, feedback: .wrongOrientation(second)),
        ])
        #expect(text == """
            pose 1/12: any orientation, held still
            25 % (pose 1, still)
            50 % (pose 1, still)
            pose 1 captured; pose 2/12: turn to a new orientation

            """)
    }

    @Test func facesPromptAndAcceptByName() {
        let face = AccelerometerFace.all[1]
        let pose = GuidedPose(number: 2, count: 6, face: face)
        let text = render(.faces(count: 6, holdSeconds: 2), [.prompt(pose), .poseAccepted(pose)])
        #expect(text == "face 2/6: flat on its face, screen down (−z up)\nface −z captured\n")
    }

    @Test func onlyANoticeableRestartIsSaid() {
        let text = render(.keepStill(seconds: 5), [.restarted(afterStill: 0.4), .restarted(afterStill: 1.2)])
        #expect(text == "movement detected: starting again; keep the device still\n")
    }

    @Test func shortfallsAndSummaries() {
        let view = GuidedCalibrationView(
            task: .keepStill(seconds: 4.2), progress: ProgressLine(console: Console.capture().console))
        #expect(view.instructions == "put the device on a steady surface and do not touch it for 5 s")
        #expect(view.shortfall(.neverStill(seconds: 4.2, restarts: 3))
            == "the device never stayed still for 5 s (3 restarts after movement)")
        #expect(view.shortfall(.tooFewPoses(found: 1, needed: 12)) == "only 1 of 12 distinct still poses")
        #expect(view.shortfall(.coverage(0.456)) == "coverage 45 % of the directions")
    }
}
