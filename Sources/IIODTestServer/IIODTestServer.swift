// A test-support iiod: speaks libiio 0.24's iiod text protocol on a loopback port, serving fixture devices with 
// attribute values and buffered samples from a known trajectory.
