package io.fabricpulse.agent.spool;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * What a spool directory holds for one agent when it starts: its batch files, oldest first, each header
 * checked; its unfinished writes (a crash between write and rename) deleted; files that cannot be replayed
 * (cut short, not a spool file, wrong sequence) deleted with one log line each and counted. Files of other
 * agent ids and of other agent versions are left alone. Checksums are checked when a batch is read for
 * sending, so a start stays fast however full the spool is.
 */
final class SpoolScan {

    private static final Logger log = LoggerFactory.getLogger(SpoolScan.class);

    /**
     * @param batches        this agent's replayable batches, oldest (lowest sequence) first
     * @param discarded      files that could not be replayed and were deleted
     * @param foreignBatches batch files of other agent ids, left alone
     */
    record Found(List<SpoolEntry> batches, long discarded, int foreignBatches) {
    }

    private long discarded;

    private SpoolScan() {
    }

    /** @throws IOException when the directory cannot be listed */
    static Found scan(Path dir, SpoolNames names) throws IOException {
        return new SpoolScan().scanDirectory(dir, names);
    }

    private Found scanDirectory(Path dir, SpoolNames names) throws IOException {
        List<SpoolEntry> batches = new ArrayList<>();
        int foreign = 0;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                OptionalLong sequence = names.ownBatch(name);
                if (sequence.isPresent()) {
                    SpoolEntry entry = check(file, sequence.getAsLong());
                    if (entry != null) {
                        batches.add(entry);
                    }
                } else if (names.ownTemporary(name)) {
                    deleteWithReason(file, "an unfinished write left by an agent that stopped while writing it");
                } else if (names.foreignBatch(name)) {
                    foreign++;
                }
            }
        }
        batches.sort(Comparator.comparingLong(SpoolEntry::sequence));
        return new Found(List.copyOf(batches), discarded, foreign);
    }

    /** The entry for a batch file whose header is sound; null when it is discarded or left alone. */
    private SpoolEntry check(Path file, long sequence) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                log.warn("ignoring {} in the spool: not a regular file", file);
                return null;
            }
            byte[] start;
            try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
                start = in.readNBytes(SpoolFileFormat.HEADER_BYTES);
            }
            SpoolFileFormat.Header header = SpoolFileFormat.readHeader(start, attributes.size(), sequence);
            return SpoolEntry.onDisk(sequence, header.collectedAt(), attributes.size(), file);
        } catch (SpoolFileException.UnknownVersion e) {
            log.warn("leaving {} in the spool alone: {}", file, e.getMessage());
            return null;
        } catch (SpoolFileException e) {
            discarded++;
            deleteWithReason(file, "cannot be replayed: " + e.getMessage());
            return null;
        } catch (IOException e) {
            discarded++;
            deleteWithReason(file, "cannot be read: " + e);
            return null;
        }
    }

    /** Deletes a file that will never be sent and says so in one line. */
    static void deleteWithReason(Path file, String reason) {
        try {
            Files.deleteIfExists(file);
            log.warn("deleted {} from the spool: {}", file, reason);
        } catch (IOException e) {
            log.warn("{} in the spool {}; deleting it failed too: {}", file, reason, e.toString());
        }
    }
}
