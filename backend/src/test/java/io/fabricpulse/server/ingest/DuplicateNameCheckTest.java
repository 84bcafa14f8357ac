package io.fabricpulse.server.ingest;

import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A name twice in one object is refused at any depth; the same name in different objects is not. */
class DuplicateNameCheckTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode read(String json) {
        try (JsonParser parser = new DuplicateNameCheck(JSON.createParser(json))) {
            return JSON.readTree(parser);
        }
    }

    @Test
    void theSameNamesInSiblingAndNestedObjectsAreFine() {
        String json = "{\"a\":{\"x\":1,\"y\":{\"x\":2}},\"b\":{\"x\":1,\"y\":2},\"c\":[{\"x\":1},{\"x\":2,\"a\":[]}],\"x\":0}";

        assertThat(read(json).get("c").get(1).get("x").asInt()).isEqualTo(2);
    }

    @Test
    void aNameTwiceInOneObjectIsRefusedAtAnyDepth() {
        assertThatThrownBy(() -> read("{\"a\":1,\"b\":2,\"a\":3}"))
                .isInstanceOf(StreamReadException.class).hasMessageContaining("Duplicate Object property \"a\"");
        assertThatThrownBy(() -> read("{\"a\":[{\"x\":1},{\"x\":1,\"y\":2,\"x\":3}]}"))
                .isInstanceOf(StreamReadException.class).hasMessageContaining("Duplicate Object property \"x\"");
        assertThatThrownBy(() -> read("{\"a\":{\"b\":{\"c\":{}}},\"a\":0}"))
                .isInstanceOf(StreamReadException.class).hasMessageContaining("Duplicate Object property \"a\"");
    }

    @Test
    void aLargeObjectGrowsItsTableAndTheObjectsAfterItAreStillChecked() {
        String large = IntStream.range(0, 500).mapToObj(i -> "\"n" + i + "\":" + i).collect(Collectors.joining(","));

        assertThat(read("[{" + large + "},{\"n1\":1}]").get(0).size()).isEqualTo(500);
        assertThatThrownBy(() -> read("[{" + large + ",\"n499\":0}]"))
                .isInstanceOf(StreamReadException.class).hasMessageContaining("Duplicate Object property \"n499\"");
        assertThatThrownBy(() -> read("[{" + large + "},{\"n1\":1,\"n1\":2}]"))
                .isInstanceOf(StreamReadException.class).hasMessageContaining("Duplicate Object property \"n1\"");
    }

    @Test
    void namesBuiltToShareOneHashAreCheckedAsAnyOthers() {
        // "Aa" and "BB" have the same String hash, so every 12-block name of them does: 4,096 of them
        // would fill one probe run of a table; past the table's room they go to a HashSet instead.
        List<String> names = IntStream.range(0, 1 << 12)
                .mapToObj(i -> IntStream.range(0, 12).mapToObj(bit -> (i >> bit & 1) == 0 ? "Aa" : "BB")
                        .collect(Collectors.joining()))
                .toList();
        assertThat(names.stream().map(String::hashCode).distinct()).hasSize(1);
        String object = names.stream().map(name -> "\"" + name + "\":1").collect(Collectors.joining(","));

        assertThat(read("{" + object + "}").size()).isEqualTo(names.size());
        assertThatThrownBy(() -> read("{" + object + ",\"" + names.get(77) + "\":2}"))
                .isInstanceOf(StreamReadException.class).hasMessageContaining("Duplicate Object property \"" + names.get(77));
    }

    /** A plain bean: Jackson binds it through {@code nextNameMatch}, not through {@code nextToken}. */
    public static final class Plain {
        public int a;
        public Plain inner;
    }

    @Test
    void beansBoundByNameMatchingAreCheckedToo() {
        try (JsonParser ok = new DuplicateNameCheck(JSON.createParser("{\"a\":1,\"inner\":{\"a\":2}}"))) {
            assertThat(JSON.readValue(ok, Plain.class).inner.a).isEqualTo(2);
        }
        try (JsonParser twice = new DuplicateNameCheck(JSON.createParser("{\"a\":1,\"inner\":{\"a\":2,\"a\":3}}"))) {
            assertThatThrownBy(() -> JSON.readValue(twice, Plain.class))
                    .hasMessageContaining("Duplicate Object property \"a\"");
        }
    }

    @Test
    void skippedContentLeavesTheEnclosingObjectChecked() {
        try (JsonParser parser = new DuplicateNameCheck(JSON.createParser("{\"a\":{\"x\":1,\"x\":2},\"b\":1,\"b\":2}"))) {
            assertThat(parser.nextToken()).isEqualTo(JsonToken.START_OBJECT);
            assertThat(parser.nextName()).isEqualTo("a");
            assertThat(parser.nextToken()).isEqualTo(JsonToken.START_OBJECT);
            parser.skipChildren(); // an ignored value is skipped whole, duplicates and all
            assertThat(parser.nextName()).isEqualTo("b");
            assertThat(parser.nextValue()).isEqualTo(JsonToken.VALUE_NUMBER_INT);
            assertThatThrownBy(parser::nextName).isInstanceOf(StreamReadException.class)
                    .hasMessageContaining("Duplicate Object property \"b\"");
        }
    }
}
