// Calibration estimators (gyro bias, accelerometer six-pose and ellipsoid, magnetometer hard/soft iron), the 
// calibration file format and its store. Pure Swift, no device I/O.
