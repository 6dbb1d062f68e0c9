// The only C entry point of BodyReadings: libiio's public header (Debian package libiio-dev, libiio 0.24).
#ifndef BODYREADINGS_CIIO_SHIM_H
#define BODYREADINGS_CIIO_SHIM_H
#include <iio.h>
#endif
