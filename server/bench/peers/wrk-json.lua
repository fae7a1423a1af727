-- wrk's summary as one JSON line (server/bench/throughput.ts reads it); latencies in microseconds.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,"socket_errors":%d,"timeouts":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, e.timeout, e.status))
end

-- WRK_MEAN_DELAY_MS (load-tool.ts's `rate`): each connection waits a random 0 to twice this many
-- milliseconds before each request, so requests arrive spread out at about connections / delay
-- per second rather than as fast as they are answered (nor all at once, as a fixed pause would
-- keep the connections in step). wrk times a request from its sending: the pause is not latency.
local mean_delay_ms = tonumber(os.getenv("WRK_MEAN_DELAY_MS"))
if mean_delay_ms then
  math.randomseed(os.time())
  delay = function()
    return math.random(0, math.floor(2 * mean_delay_ms))
  end
end
