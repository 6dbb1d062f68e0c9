// Ground-truth motion: deterministic trajectories (orientation, angular rate, specific force, magnetic field) and 
// a simulated IMU with noise, bias and sampling, shared by the simulated source, the test iiod server, the virtual 
// sensor hub, benchmarks and tests.
