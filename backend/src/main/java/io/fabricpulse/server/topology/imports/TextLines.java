package io.fabricpulse.server.topology.imports;

import io.fabricpulse.model.topology.LineCursor;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** An uploaded text file as cursors over its lines: strict UTF-8, CR LF or LF, a leading byte-order mark ignored. */
final class TextLines {

    private TextLines() {
    }

    static List<LineCursor<ImportException>> of(byte[] utf8) throws ImportException {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        List<LineCursor<ImportException>> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= utf8.length; i++) {
            if (i == utf8.length || utf8[i] == '\n') {
                String line;
                try {
                    line = decoder.decode(ByteBuffer.wrap(utf8, start, i - start)).toString();
                } catch (CharacterCodingException e) {
                    throw new ImportException(lines.size() + 1, 0, "not UTF-8 text");
                }
                if (line.endsWith("\r")) {
                    line = line.substring(0, line.length() - 1);
                }
                if (lines.isEmpty() && line.startsWith("\uFEFF")) {
                    line = line.substring(1);
                }
                lines.add(new LineCursor<>(line, lines.size() + 1, ImportException::new));
                start = i + 1;
            }
        }
        return lines;
    }

    /** Nothing but blanks or a {@code #} comment is left on the line. */
    static void expectEnd(LineCursor<ImportException> c, String after) throws ImportException {
        if (!c.atEnd() && !c.at('#')) {
            throw c.error("unexpected " + c.found() + " after " + after + "; only a # comment may follow");
        }
    }
}
