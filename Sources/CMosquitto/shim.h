// The MQTT module's only C entry point: libmosquitto's public client header and its MQTT protocol constants (Debian
// package libmosquitto-dev, libmosquitto 2.0.11).
#ifndef BODYREADINGS_CMOSQUITTO_SHIM_H
#define BODYREADINGS_CMOSQUITTO_SHIM_H
#include <mosquitto.h>
#include <mqtt_protocol.h>
#endif
