package io.fabricpulse.server.notify;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The kinds of chat and webhook endpoints FabricPulse can post to, by the names configuration and
 * the API use. Mattermost and Rocket.Chat accept Slack's incoming-webhook payload, so they are
 * names for the same format.
 */
public enum ChannelType {
    SLACK("slack", "mattermost", "rocketchat"),
    TEAMS("teams"),
    GOOGLE_CHAT("google-chat"),
    DISCORD("discord"),
    /** Our own JSON, signed with HMAC-SHA256: the one a ticket system or script receives. */
    GENERIC("generic");

    private final List<String> names;

    ChannelType(String... names) {
        this.names = List.of(names);
    }

    /** The name written in configuration and shown by the API. */
    public String configName() {
        return names.getFirst();
    }

    /** Whether the channel signs its requests and so needs a secret. */
    public boolean needsSecret() {
        return this == GENERIC;
    }

    /** The type with this name (any case), or empty. */
    public static Optional<ChannelType> named(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(type -> type.names.contains(wanted)).findFirst();
    }

    /** Every accepted name, for error messages. */
    public static String knownNames() {
        return Arrays.stream(values()).flatMap(type -> type.names.stream()).collect(Collectors.joining(", "));
    }
}
