package io.fabricpulse.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A container image as `docker save` writes it and `docker load` reads it (what Jib's buildTar and our
 * base-image script make): manifest.json, the image configuration and one tar per layer, gzipped or
 * not. Read once into listings; small files and the application's jars keep their content digest.
 */
final class ImageArchive {

    /** Files up to this size keep their text (passwd, release files, status paragraphs). */
    private static final int TEXT_LIMIT = 16 * 1024;

    /** One file, directory or link in a layer, with what the image runtime will see. */
    record Entry(String path, int mode, long uid, long gid, boolean directory, boolean symlink, String linkTarget,
                 long size, String text, String sha256) {

        boolean executable() {
            return (mode & 0111) != 0;
        }

        boolean setuidOrSetgid() {
            return (mode & 06000) != 0;
        }
    }

    /** A layer: its file in the archive, the digest of its uncompressed tar (the diff id), its entries. */
    record Layer(String file, String diffId, Map<String, Entry> entries) {

        Optional<Entry> find(String path) {
            return Optional.ofNullable(entries.get(normalize(path)));
        }

        Entry get(String path) {
            return find(path).orElseThrow(() -> new AssertionError(path + " is not in layer " + file
                    + " (" + entries.size() + " entries)"));
        }
    }

    private final JsonNode manifest;
    private final JsonNode config;
    private final List<Layer> layers;

    private ImageArchive(JsonNode manifest, JsonNode config, List<Layer> layers) {
        this.manifest = manifest;
        this.config = config;
        this.layers = List.copyOf(layers);
    }

    static ImageArchive read(Path tar) {
        ObjectMapper json = new ObjectMapper();
        Map<String, byte[]> metadata = new HashMap<>();
        Map<String, Layer> layersByFile = new HashMap<>();
        try (TarArchiveInputStream outer = new TarArchiveInputStream(new BufferedInputStream(Files.newInputStream(tar)))) {
            TarArchiveEntry entry;
            while ((entry = outer.getNextEntry()) != null) {
                String name = entry.getName();
                if (name.endsWith(".json")) {
                    metadata.put(name, outer.readAllBytes());
                } else if (entry.isFile()) {
                    layersByFile.put(name, readLayer(name, outer));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read image archive " + tar, e);
        }
        try {
            JsonNode manifest = json.readTree(required(metadata, "manifest.json", tar));
            if (manifest.size() != 1) {
                throw new AssertionError(tar + " holds " + manifest.size() + " images, expected one");
            }
            JsonNode config = json.readTree(required(metadata, manifest.get(0).path("Config").asText(), tar));
            List<Layer> layers = new ArrayList<>();
            for (JsonNode file : manifest.get(0).path("Layers")) {
                Layer layer = layersByFile.get(file.asText());
                if (layer == null) {
                    throw new AssertionError(tar + ": manifest names layer " + file.asText() + ", the archive lacks it");
                }
                layers.add(layer);
            }
            return new ImageArchive(manifest, config, layers);
        } catch (IOException e) {
            throw new UncheckedIOException("bad JSON in image archive " + tar, e);
        }
    }

    private static byte[] required(Map<String, byte[]> metadata, String name, Path tar) {
        byte[] content = metadata.get(name);
        if (content == null) {
            throw new AssertionError(tar + " has no " + name);
        }
        return content;
    }

    private static Layer readLayer(String file, InputStream content) throws IOException {
        MessageDigest diffId = sha256();
        InputStream raw = new BufferedInputStream(content);
        raw.mark(2);
        boolean gzipped = raw.read() == 0x1f && raw.read() == 0x8b;
        raw.reset();
        InputStream uncompressed = gzipped ? new GzipCompressorInputStream(raw) : raw;
        Map<String, Entry> entries = new LinkedHashMap<>();
        // Not closed: closing would close the outer archive's stream.
        TarArchiveInputStream tar = new TarArchiveInputStream(new DigestInputStream(uncompressed, diffId));
        TarArchiveEntry entry;
        while ((entry = tar.getNextEntry()) != null) {
            String path = normalize(entry.getName());
            String text = null;
            String digest = null;
            if (entry.isFile()) {
                boolean keepText = entry.getSize() <= TEXT_LIMIT;
                boolean keepDigest = path.startsWith("app/") && path.endsWith(".jar") && !path.startsWith("app/lib/");
                if (keepText || keepDigest) {
                    byte[] bytes = tar.readAllBytes();
                    text = keepText ? new String(bytes, StandardCharsets.UTF_8) : null;
                    digest = HexFormat.of().formatHex(sha256().digest(bytes));
                }
            }
            entries.put(path, new Entry(path, entry.getMode(), entry.getLongUserId(), entry.getLongGroupId(),
                    entry.isDirectory(), entry.isSymbolicLink(), entry.isSymbolicLink() ? entry.getLinkName() : null,
                    entry.getSize(), text, digest));
        }
        // The diff id covers the whole uncompressed stream, padding after the last entry included.
        tar.transferTo(OutputStream.nullOutputStream());
        uncompressed.transferTo(OutputStream.nullOutputStream());
        return new Layer(file, "sha256:" + HexFormat.of().formatHex(diffId.digest()), entries);
    }

    static String normalize(String path) {
        String p = path.startsWith("./") ? path.substring(2) : path.startsWith("/") ? path.substring(1) : path;
        return p.endsWith("/") && p.length() > 1 ? p.substring(0, p.length() - 1) : p;
    }

    static String sha256Of(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = sha256();
            in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), digest));
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    List<String> repoTags() {
        List<String> tags = new ArrayList<>();
        manifest.get(0).path("RepoTags").forEach(t -> tags.add(t.asText()));
        return tags;
    }

    /** The runtime part of the image configuration: Entrypoint, Cmd, User, Env, Labels... */
    JsonNode runConfig() {
        return config.path("config");
    }

    JsonNode config() {
        return config;
    }

    List<String> diffIds() {
        List<String> ids = new ArrayList<>();
        config.path("rootfs").path("diff_ids").forEach(id -> ids.add(id.asText()));
        return ids;
    }

    List<Layer> layers() {
        return layers;
    }

    /** The one layer holding this path. */
    Layer layerWith(String path) {
        List<Layer> holding = layers.stream().filter(l -> l.find(path).isPresent()).toList();
        if (holding.size() != 1) {
            throw new AssertionError(path + " is in " + holding.size() + " layers, expected exactly one");
        }
        return holding.getFirst();
    }

    List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asText()));
        return values;
    }
}
