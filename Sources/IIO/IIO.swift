// Safe Swift over libiio 0.24: contexts, devices, channels, attributes, triggers, buffers. The only target that 
// calls into CIIO; no C pointer leaves it.
