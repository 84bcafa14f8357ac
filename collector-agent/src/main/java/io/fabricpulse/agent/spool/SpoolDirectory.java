package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.logging.OnceLog;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The spool's directory as the file system sees it: created owner-only, locked for one agent id, and
 * written so that a crash or power cut leaves a whole file or none under its name.
 */
final class SpoolDirectory implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SpoolDirectory.class);

    private final Path path;
    private final FileChannel lock;
    private final OnceLog problems = new OnceLog(log);

    private SpoolDirectory(Path path, FileChannel lock) {
        this.path = path;
        this.lock = lock;
    }

    /**
     * Creates the directory when missing and takes the lock of {@code agentId}.
     *
     * @throws SpoolLockedException when another process holds that lock
     */
    static SpoolDirectory open(Path path, String lockFile, String agentId) throws IOException {
        create(path);
        return new SpoolDirectory(path, lock(path.resolve(lockFile), agentId));
    }

    Path path() {
        return path;
    }

    /**
     * Writes {@code content} to {@code temporary}, flushes it to the disk, renames it to {@code file} and
     * flushes the directory. On failure the temporary file is removed (or left for the next start).
     */
    void writeAtomically(Path file, Path temporary, ByteBuffer... content) throws IOException {
        try {
            try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                while (content[content.length - 1].hasRemaining()) {
                    out.write(content);
                }
                out.force(true);
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // the write already failed; the stray file is deleted at the next start
            }
            throw e;
        }
        syncDirectory();
    }

    /** Makes the rename durable: without this a power cut can undo it on some filesystems. */
    private void syncDirectory() {
        try (FileChannel directory = FileChannel.open(path, StandardOpenOption.READ)) {
            directory.force(true);
        } catch (IOException e) {
            // some filesystems refuse to sync a directory; the rename itself is still atomic
            problems.warn("sync", e.getClass().getName(), () -> "cannot flush the directory " + path + ": " + e);
        }
    }

    @Override
    public void close() throws IOException {
        lock.close();
    }

    private static void create(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            return;
        }
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            // owner only: the batches describe the fabric, nobody else on the node needs to read them
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(dir);
        }
    }

    private static FileChannel lock(Path lockFile, String agentId) throws IOException {
        FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // held by this very process (another spool object not closed yet)
            lock = null;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new SpoolLockedException("another process of agent '" + agentId + "' uses the spool "
                    + lockFile.getParent() + " (it holds " + lockFile.getFileName() + ")");
        }
        return channel;
    }
}
