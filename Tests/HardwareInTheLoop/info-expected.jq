# Checks `bodyreadings info --json` against the guest's virtual devices; prints one string per mismatch (none: pass).
def magnitude: if . < 0 then -. else . end;
def expect($kind; $device; $scale; $mode; $trigger):
  [.sensors[] | select(.kind == $kind and .device_name == $device)] as $found
  | if ($found | length) != 1 then "\($kind) on \($device): \($found | length) entries"
    else $found[0] as $s
      | (if ($s.scale | length) != 3 or any($s.scale[]; (. / $scale - 1) | magnitude > 1e-4)
         then "\($device) \($kind) scale \($s.scale), expected \($scale)" else empty end),
        (if $s.capture_mode != $mode then "\($device) \($kind) capture \($s.capture_mode), expected \($mode)" else empty end),
        (if $s.trigger != $trigger then "\($device) \($kind) trigger \($s.trigger), expected \($trigger)" else empty end)
    end;
(if .device_motion_available != true then "device_motion_available \(.device_motion_available)" else empty end),
expect("accelerometer"; "accel_3d"; 0.0980665; "buffered"; "accel_3d-dev0"),
expect("gyroscope"; "gyro_3d"; 0.000174532; "buffered"; "gyro_3d-dev1"),
expect("magnetometer"; "magn_3d"; 0.001; "buffered"; "magn_3d-dev2"),
expect("accelerometer"; "bmi160"; 0.000598; "polled"; null),
expect("gyroscope"; "bmi160"; 0.001065; "polled"; null),
expect("accelerometer"; "bma400"; 0.009577; "polled"; null),
([.step_counters[]? | select(.device_name == "bma400")] as $found
 | if ($found | length) != 1 then "step counter on bma400: \($found | length) entries"
   else $found[0] as $c
     | (if $c.count_attribute != "in_steps_input" or $c.enable_attribute != "in_steps_en"
        then "bma400 step counter attributes \($c.count_attribute), \($c.enable_attribute)" else empty end),
       (if $c.counter_bits != 24 then "bma400 counter_bits \($c.counter_bits), expected 24" else empty end),
       (if $c.enabled != false then "bma400 step counter enabled \($c.enabled) before any capture" else empty end)
   end)
