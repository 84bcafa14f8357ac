package io.fabricpulse.server.web;

import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Mouse;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.BoundingBox;
import com.microsoft.playwright.options.WaitForSelectorState;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Time until the topology map is interactive in headless Chromium, for docs/PERFORMANCE.md. A benchmark: it
 * prints and writes target/map-interactive-&lt;nodes&gt;.md, and asserts only that the map drew the whole fabric.
 *
 * <p>"Interactive" here: from navigation start until the map is <em>drawn</em> (topology JSON read, folded,
 * the SVG built at preset positions, fitted, click handlers attached, its first frame painted; map.js stamps
 * {@code data-drawn-ms} on the frame after) <em>plus</em> how long the first real mouse click on a link,
 * sent right after, takes to be answered (click event to the side panel filled with its cables:
 * {@code data-first-tap-latency-ms}). The click goes through Chromium's input pipeline like a person's, so a
 * main thread still busy after the first frame shows up in that latency. Each run is a fresh browser
 * context: nothing cached, as on a wall screen's first load.
 */
final class MapInteractiveBench {

    static final int RUNS = Integer.getInteger("bench.runs", 5);

    private static final String CLICK_TARGET = """
            () => {
              const canvas = document.querySelector('[data-map-canvas]');
              const map = canvas.map;
              // A leaf's host-group edge: drawn in every fat tree, and thick enough to hit.
              const edge = [...map.edges.values()].find(e => e.data.target.startsWith('hosts:') || e.data.source.startsWith('hosts:'));
              if (!edge) throw new Error('no host-group edge drawn (' + map.nodes.size + ' nodes, ' + map.edges.size + ' edges)');
              const line = edge.line.getBoundingClientRect();
              const box = canvas.getBoundingClientRect();
              return { x: (line.left + line.right) / 2 - box.left, y: (line.top + line.bottom) / 2 - box.top,
                       drawnEdges: map.edges.size, drawnNodes: map.nodes.size };
            }""";

    private static final String TIMINGS = """
            () => {
              const main = document.querySelector('main[data-map]');
              const mark = (name) => performance.getEntriesByName(name)[0].startTime;
              const topology = performance.getEntriesByType('resource').find(r => r.name.includes('/api/v1/topology'));
              const scripts = performance.getEntriesByType('resource').filter(r => r.name.endsWith('.js') || r.name.endsWith('.mjs'));
              return {
                drawn: Number(main.dataset.drawnMs), tapLatency: Number(main.dataset.firstTapLatencyMs),
                answered: Number(main.dataset.firstTapMs), nodes: Number(main.dataset.nodes),
                topologyKb: topology.encodedBodySize / 1000, topologyDecodedKb: topology.decodedBodySize / 1000,
                topologyMs: topology.responseEnd - topology.requestStart,
                scriptsKb: scripts.reduce((t, r) => t + r.encodedBodySize, 0) / 1000,
                // map.js's own marks: where the time to "drawn" goes
                pageLoaded: performance.getEntriesByType('navigation')[0].responseEnd, topologyAsked: topology.startTime,
                topologyRequests: performance.getEntriesByType('resource').filter(r => r.name.includes('/api/v1/topology')).length,
                topologyRead: mark('map:topology-read'), graphBuilt: mark('map:graph-built'),
              };
            }""";

    private MapInteractiveBench() {
    }

    /** One cold load of /map in a fresh tab from {@code tabs}: drawn, then one click on a link answered. */
    static Map<String, Number> once(BrowserPage tab, double patienceMs) {
        Page page = tab.go("/map");
        // Asked from here rather than with a locator: Playwright's selector engine, a large script compiled into
        // each new page, would be compiled on the page's main thread while the map loads, and be measured with it.
        tab.pollUntil("() => performance.getEntriesByName('fabricpulse:map-ready').length > 0", null, patienceMs, 50);
        @SuppressWarnings("unchecked")
        Map<String, Number> target = (Map<String, Number>) page.evaluate(CLICK_TARGET);
        tab.clickInside("[data-map-canvas]", target);
        page.locator("main[data-map][data-first-tap-ms]").waitFor(new Locator.WaitForOptions()
                .setState(WaitForSelectorState.ATTACHED).setTimeout(patienceMs));
        assertThat(page.locator("[data-map-panel] ul.cables li").count()).as("the click listed the link's cables").isPositive();
        @SuppressWarnings("unchecked")
        Map<String, Number> timings = new java.util.HashMap<>((Map<String, Number>) page.evaluate(TIMINGS));
        timings.put("drawnNodes", target.get("drawnNodes"));
        timings.put("drawnEdges", target.get("drawnEdges"));
        timings.putAll(panFrames(page));
        return timings;
    }

    /**
     * Frame times while a person drags the map across the canvas (60 mouse moves through Chromium's input
     * pipeline): the gaps between animation frames, median and worst, in ms.
     */
    private static Map<String, Number> panFrames(Page page) {
        page.evaluate("""
                () => {
                  window.fabricpulseFrames = [];
                  let last = performance.now();
                  const tick = (now) => {
                    window.fabricpulseFrames.push(now - last);
                    last = now;
                    if (window.fabricpulseFrames.length < 100000) window.fabricpulseFrameLoop = requestAnimationFrame(tick);
                  };
                  window.fabricpulseFrameLoop = requestAnimationFrame(tick);
                }""");
        BoundingBox box = page.locator("[data-map-canvas]").boundingBox();
        double y = box.y + box.height * 0.5;
        page.mouse().move(box.x + box.width * 0.3, y);
        page.mouse().down();
        page.mouse().move(box.x + box.width * 0.7, y + box.height * 0.1, new Mouse.MoveOptions().setSteps(60));
        page.mouse().up();
        @SuppressWarnings("unchecked")
        List<Number> frames = (List<Number>) page.evaluate(
                "() => { cancelAnimationFrame(window.fabricpulseFrameLoop); return window.fabricpulseFrames.slice(1); }");
        List<Double> sorted = frames.stream().map(Number::doubleValue).sorted().toList();
        assertThat(sorted).as("frames drawn while panning").hasSizeGreaterThan(5);
        return Map.of("panFrameMedian", sorted.get(sorted.size() / 2), "panFrameWorst", sorted.getLast());
    }

    /**
     * Starts the demo shaped by {@code shape} through the launcher ({@link LaunchedDemoServer}, polling every
     * {@code -Dbench.demo-interval} when given, else at the demo's default) and measures its map.
     */
    static String measureLaunched(Map<String, String> shape, String fabric, int expectedNodes, Duration patience)
            throws IOException, InterruptedException {
        Map<String, String> demo = new java.util.HashMap<>(shape);
        String interval = System.getProperty("bench.demo-interval");
        if (interval != null) {
            demo.put("interval", interval);
        }
        try (LaunchedDemoServer server = LaunchedDemoServer.start(demo, patience)) {
            return measure(server::open, patience.toMillis(), fabric + (interval == null ? "" : ", polled every " + interval),
                    expectedNodes);
        }
    }

    /** A warm-up, then {@link #RUNS} cold loads; prints and writes the medians (and worst) to target/map-interactive-&lt;nodes&gt;.md. */
    static String measure(Supplier<BrowserPage> tabs, double patienceMs, String fabric, int expectedNodes)
            throws IOException {
        try (BrowserPage tab = tabs.get()) {
            // The demo's first poll must be in, the hosts' cables too (a fat tree has at least as many cables as
            // nodes; nodes alone can be known from a walk before the hosts' own reports name their cables, and
            // a map drawn then has no host groups to click); one load not counted warms the server's JIT.
            tab.go("/map");
            tab.pollUntil("async n => { const t = await (await fetch('/api/v1/topology')).json();"
                    + " return t.nodes.length >= n && t.links.length >= n; }", expectedNodes, patienceMs, 1000);
            once(tab, patienceMs);
            tab.screenshot("map-interactive-" + expectedNodes);
        }
        List<Map<String, Number>> runs = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            try (BrowserPage tab = tabs.get()) {
                runs.add(once(tab, patienceMs));
            }
        }
        Map<String, Number> first = runs.getFirst();
        int nodes = first.get("nodes").intValue();
        String report = """
                | fabric | nodes (drawn nodes / edges) | interactive, ms | drawn, ms | first click answered in, ms | topology JSON, kB sent / decoded | GET /api/v1/topology, ms | JS, kB sent |
                |---|---|---|---|---|---|---|---|
                | %s | %d (%d / %d) | %s | %s | %s | %.0f / %.0f | %s | %.0f |

                Where the time to "drawn" goes, ms since navigation start, median (worst): page received %s, \
                topology asked for %s, read and parsed %s, graph built (SVG, fit) %s, \
                first frame painted %s. Topology requests per load: %d. Panning (a drag of 60 mouse moves): frame \
                time median %s ms, worst frame %s ms. Interactive per load, in order: %s ms.
                """.formatted(fabric, nodes, first.get("drawnNodes").intValue(), first.get("drawnEdges").intValue(),
                stat(runs, t -> t.get("drawn").doubleValue() + t.get("tapLatency").doubleValue()),
                stat(runs, t -> t.get("drawn").doubleValue()), stat(runs, t -> t.get("tapLatency").doubleValue()),
                first.get("topologyKb").doubleValue(), first.get("topologyDecodedKb").doubleValue(),
                stat(runs, t -> t.get("topologyMs").doubleValue()), first.get("scriptsKb").doubleValue(),
                stat(runs, t -> t.get("pageLoaded").doubleValue()), stat(runs, t -> t.get("topologyAsked").doubleValue()),
                stat(runs, t -> t.get("topologyRead").doubleValue()),
                stat(runs, t -> t.get("graphBuilt").doubleValue()), stat(runs, t -> t.get("drawn").doubleValue()),
                runs.stream().mapToInt(t -> t.get("topologyRequests").intValue()).max().orElseThrow(),
                stat(runs, t -> t.get("panFrameMedian").doubleValue()), stat(runs, t -> t.get("panFrameWorst").doubleValue()),
                String.join(" / ", runs.stream().map(t -> "%.0f".formatted(t.get("drawn").doubleValue()
                        + t.get("tapLatency").doubleValue())).toList()));
        Path file = Path.of("target", "map-interactive-" + nodes + ".md");
        Files.writeString(file, report);
        System.out.println("Map time to interactive, median (worst) of " + RUNS + " cold loads (" + file + "):\n" + report);
        return report;
    }

    /** "median (worst)" in whole milliseconds. */
    private static String stat(List<Map<String, Number>> runs, ToDoubleFunction<Map<String, Number>> value) {
        List<Double> sorted = runs.stream().map(value::applyAsDouble).sorted(Comparator.naturalOrder()).toList();
        return "%.0f (%.0f)".formatted(sorted.get(sorted.size() / 2), sorted.getLast());
    }
}
