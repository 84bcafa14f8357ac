package io.fabricpulse.server.security.token;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Agent token secrets: how they are made and how they are kept.
 *
 * <p>A token is {@value #PREFIX} followed by 256 bits from {@link SecureRandom} in URL-safe Base64
 * (the prefix lets secret scanners and people recognise a leaked FabricPulse agent token). Only its
 * SHA-256 is stored. A slow password hash (bcrypt, argon2) protects low-entropy secrets that people
 * choose, by making each guess expensive; a 256-bit random token cannot be guessed at any speed, so
 * the slow hash would only cost CPU on every ingest request. A fast, unsalted hash also makes the
 * stored value a lookup key: a presented token is found by one indexed query instead of checking it
 * against every stored hash. A stolen table of hashes does not give a usable token.
 */
public final class AgentTokenSecrets {

    static final String PREFIX = "fpa_";
    private static final int RANDOM_BYTES = 32;

    private final SecureRandom random;

    public AgentTokenSecrets(SecureRandom random) {
        this.random = random;
    }

    /** A fresh secret token. */
    String generate() {
        return generate(random, PREFIX);
    }

    /** A fresh secret: {@code prefix} and 256 random bits in URL-safe Base64 (API tokens are made alike). */
    public static String generate(SecureRandom random, String prefix) {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        return prefix + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The SHA-256 of the token's UTF-8 bytes. */
    public static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** The stored form of a token: its SHA-256 in 64 lower-case hex digits. */
    public static String hash(String token) {
        return HexFormat.of().formatHex(digest(token));
    }
}
