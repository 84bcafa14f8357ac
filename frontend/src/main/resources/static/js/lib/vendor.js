// The one place pages load third-party browser libraries: lazily (a page that never draws a chart
// never downloads ECharts' 1 MB), from the WebJars the server serves, by URLs relative to this module (so
// a context path is kept). No CDN, ever: NOC networks are often air-gapped. No import map either: it would
// be an inline script, which the Content-Security-Policy refuses. Version-less paths: the WebJars locator
// maps them to the version pinned in the parent pom.
//
//   const echarts = await loadECharts();     echarts.init(element) ...

/** The ECharts module namespace (echarts.init, echarts.use, ...). */
export async function loadECharts() {
  return import(new URL('../../webjars/echarts/dist/echarts.esm.min.js', import.meta.url).href);
}
