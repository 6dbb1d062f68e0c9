// The altimeter and the flights counter: relative altitude from a barometer's pressure and temperature, like
// CoreMotion's CMAltimeter, and the floors climbed while walking, like CMPedometer's floorsAscended/Descended.
// Pure arithmetic on timestamped values; nothing is imported.
