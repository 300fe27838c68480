/**
 * Workers Analytics Engine in place of the METRICS binding. The service is Cloudflare's, outside
 * this machine, and locally the binding drops every point, so a test that wants to see what the
 * Worker wrote hands it this: it keeps each data point exactly as the Worker wrote it.
 */
export function metricsRecorder() {
  const points: AnalyticsEngineDataPoint[] = [];
  const binding = {
    writeDataPoint(point?: AnalyticsEngineDataPoint) {
      points.push(structuredClone(point ?? {}));
    },
  } as AnalyticsEngineDataset;
  return { points, binding };
}
