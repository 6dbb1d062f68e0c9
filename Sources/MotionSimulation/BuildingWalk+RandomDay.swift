import MotionMath

extension BuildingWalk {
    /// A day in an office building drawn from `seed`: `activities` things done (at least 1) among standing (with
    /// doors and ventilation), level walks, stairs of one to three floors (sometimes a pause on a landing) and lift
    /// rides of one to the building's height, between the ground floor and `floors − 1` (at least 2 floors).
    public static func randomDay(seed: UInt64, activities count: Int = 60, floors: Int = 8) -> [BuildingActivity] {
        var random = SeededGenerator(seed: seed)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * random.nextUniform()
        }
        func integer(_ range: ClosedRange<Int>) -> Int {
            min(range.upperBound, range.lowerBound + Int(random.nextUniform() * Double(range.count)))
        }
        let top = max(1, floors - 1)
        var floor = 0
        var day: [BuildingActivity] = [.stand(uniform(5...30))]
        for _ in 0..<max(1, count) {
            switch random.nextUniform() {
            case ..<0.25:
                day.append(.stand(uniform(5...300)))
                if random.nextUniform() < 0.5 {
                    let pascals = (random.nextUniform() < 0.5 ? -1 : 1) * uniform(10...60)
                    let decay = random.nextUniform() < 0.5 ? uniform(0.5...3) : nil
                    day.append(.pressureStep(pascals: pascals, decay: decay))
                    day.append(.stand(uniform(5...60)))
                }
            case ..<0.5:
                day.append(.walk(uniform(5...120)))
            case ..<0.8:
                let target = min(top, max(0, floor + (random.nextUniform() < 0.5 ? -1 : 1) * integer(1...3)))
                guard target != floor else { continue }
                let pause = random.nextUniform() < 0.2 ? integer(0...abs(target - floor) - 1) : nil
                day.append(.walk(uniform(3...20)))
                day.append(.stairs(floors: target - floor, pauseAfter: pause, pause: uniform(3...20)))
                day.append(.walk(uniform(3...20)))
                floor = target
            default:
                let target = integer(0...top)
                guard target != floor else { continue }
                day.append(.walk(uniform(3...20)))
                day.append(.stand(uniform(2...40)))
                day.append(.lift(floors: target - floor))
                day.append(.walk(uniform(3...20)))
                floor = target
            }
        }
        return day
    }
}
