// The virtual sensor hub and BMI160 feeder of the hardware-in-the-loop tier; see HubCommandLine.
import Foundation
import VirtualSensorHub

exit(HubCommandLine.main(Array(CommandLine.arguments.dropFirst())))
