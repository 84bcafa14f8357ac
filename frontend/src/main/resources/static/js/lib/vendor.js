// The one place pages load third-party browser libraries: lazily (a page that never draws a chart
// never downloads ECharts' 1 MB) and by the bare names of the layout's import map, which point at the
// WebJars the server serves. No CDN, ever: NOC networks are often air-gapped.
//
//   const echarts = await loadECharts();     echarts.init(element) ...
//   const cytoscape = await loadCytoscape(); cytoscape({ container, elements }) ...

/** The ECharts module namespace (echarts.init, echarts.use, ...). */
export async function loadECharts() {
  return import('echarts');
}

/** The cytoscape() factory. */
export async function loadCytoscape() {
  const module = await import('cytoscape');
  return module.default;
}
