import Dispatch
import Sensors

/// A `MotionManager` handler and the queue it runs on (nil: the capture thread).
struct HandlerDelivery<Value: Sendable>: Sendable {
    let queue: DispatchQueue?
    let handler: @Sendable (Value?, CaptureError?) -> Void

    func send(_ value: Value) {
        if let queue {
            queue.async { handler(value, nil) }
        } else {
            handler(value, nil)
        }
    }

    func fail(_ error: CaptureError) {
        if let queue {
            queue.async { handler(nil, error) }
        } else {
            handler(nil, error)
        }
    }
}
