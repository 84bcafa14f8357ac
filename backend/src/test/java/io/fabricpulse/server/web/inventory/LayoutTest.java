package io.fabricpulse.server.web.inventory;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The layout every page shares, rendered through the inventory page: skip link, nav, theme and wall mode
 * before the first paint, no inline script (the Content-Security-Policy refuses it), and the WebJar modules
 * the vendor module loads, which the server really serves.
 */
class LayoutTest extends InventorySliceTest {

    @Test
    void appliesTheSavedThemeBeforeTheStylesheetAndAnyModule() {
        Document page = render("/inventory");

        Element head = page.head();
        List<String> order = head.select("script, link[rel=stylesheet]").stream()
                .map(e -> e.hasAttr("src") ? e.attr("src") : e.hasAttr("href") ? e.attr("href") : e.attr("type"))
                .toList();
        assertThat(order).startsWith("/js/theme-init.js", "/css/app.css", "/js/shell.js");
        assertThat(page.select("script:not([src])")).as("inline scripts").isEmpty();
        assertThat(head.selectFirst("script[src='/js/theme-init.js']").hasAttr("type")).as("a classic, blocking script").isFalse();
        assertThat(page.selectFirst("html").attr("data-theme")).isEqualTo("dark");
        assertThat(page.selectFirst("html").hasAttr("data-wall")).isFalse();
    }

    @Test
    void wallModeFollowsTheUrl() {
        assertThat(render("/inventory?wall=1").selectFirst("html").attr("data-wall")).isEqualTo("on");
        assertThat(render("/inventory?wall=0").selectFirst("html").attr("data-wall")).isEqualTo("off");
        assertThat(render("/inventory?wall=yes").selectFirst("html").hasAttr("data-wall")).isFalse();
    }

    @Test
    void offersASkipLinkShortcutsAndOnlyPagesThatExist() {
        Document page = render("/inventory");

        Element skip = page.selectFirst("body > a.skip-link");
        assertThat(skip).as("the first element of the body").isEqualTo(page.body().child(0));
        assertThat(skip.attr("href")).isEqualTo("#main");
        assertThat(page.selectFirst("main#main").attr("tabindex")).isEqualTo("-1");
        assertThat(page.select("header nav a")).extracting(a -> a.attr("href") + " g " + a.attr("data-shortcut"))
                .containsExactly("/ g o", "/map g m", "/alerts g a", "/inventory g i", "/subnet-managers g n");
        assertThat(page.select("[data-shortcuts] kbd")).extracting(Element::text).contains("g", "o", "m", "a", "i", "n", "t", "w", "?");
    }

    @Test
    void theVendorModuleLoadsWebJarModulesTheServerServesAsJavaScript() {
        String vendor = client.get().uri("/js/lib/vendor.js").exchange().expectStatus().isOk()
                .expectBody(String.class).returnResult().getResponseBody();
        Matcher urls = Pattern.compile("new URL\\('\\.\\./\\.\\./(webjars/[^']+)', import\\.meta\\.url\\)").matcher(vendor);
        int found = 0;
        while (urls.find()) {
            found++;
            // Relative to /js/lib/vendor.js: two levels up is the root.
            String url = "/" + urls.group(1);
            client.get().uri(url).exchange()
                    .expectStatus().isOk()
                    // Browsers refuse to run a module served as anything but JavaScript.
                    .expectHeader().contentTypeCompatibleWith(MediaType.valueOf("text/javascript"))
                    .expectHeader().value("Content-Length", length -> assertThat(Long.parseLong(length)).isGreaterThan(100_000));
        }
        // One URL per loader (loadECharts, ...): each one the pages can call is checked.
        assertThat(found).isPositive().isEqualTo(Pattern.compile("export async function load").matcher(vendor).results().count());
    }
}
