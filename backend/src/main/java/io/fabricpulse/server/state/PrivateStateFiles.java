package io.fabricpulse.server.state;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.env.Environment;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The server's files are its own: the data directory ({@code fabricpulse.data-dir}) is made or narrowed to
 * 0700 and the H2 state store's file to 0600 before anything opens them. The H2 file holds token hashes,
 * the audit log and webhook URLs (with their secrets in the path); a process umask of 022 would leave it
 * world-readable. The file is made empty and private before H2 first opens it (H2 starts a new database in
 * an empty file), since H2 creates files with the umask's mode. On file systems without POSIX modes, or
 * where the server is not the owner (a volume's mount point), this warns and goes on.
 */
final class PrivateStateFiles implements BeanFactoryPostProcessor {

    private static final Logger log = LoggerFactory.getLogger(PrivateStateFiles.class);
    static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private final Environment environment;

    PrivateStateFiles(Environment environment) {
        this.environment = environment;
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        String dataDir = environment.getProperty("fabricpulse.data-dir");
        if (dataDir != null && !dataDir.isBlank()) {
            directory(Path.of(dataDir));
        }
        String url = environment.getProperty("spring.r2dbc.url");
        if (url != null) {
            try {
                StateDatabaseUrl.parse(url).h2File().ifPresent(PrivateStateFiles::h2File);
            } catch (IllegalArgumentException invalid) {
                // StateConfiguration and Flyway report it with its reason.
            }
        }
    }

    static void directory(Path directory) {
        try {
            if (!Files.isDirectory(directory)) {
                Files.createDirectories(directory, PosixFilePermissions.asFileAttribute(DIRECTORY));
            }
            narrow(directory, DIRECTORY);
        } catch (IOException | UnsupportedOperationException fault) {
            log.warn("cannot make {} private to the server (mode 0700): {}", directory, fault.toString());
        }
    }

    static void h2File(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                directory(parent);
            }
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(FILE));
            } catch (FileAlreadyExistsException exists) {
                narrow(file, FILE);
            }
        } catch (IOException | UnsupportedOperationException fault) {
            log.warn("cannot make the state store's file {} private to the server (mode 0600): {}", file, fault.toString());
        }
    }

    private static void narrow(Path path, Set<PosixFilePermission> mode) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        if (view != null && !view.readAttributes().permissions().equals(mode)) {
            view.setPermissions(mode);
        }
    }
}
