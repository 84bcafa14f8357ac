package io.fabricpulse.server.ingest;

import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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
