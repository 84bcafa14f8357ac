package io.fabricpulse.server.notify;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which hosts a webhook may name, without DNS: every spelling of an inward address is one. */
class OutboundAddressesTest {

    private final OutboundAddresses strict = OutboundAddresses.strict();

    @ParameterizedTest
    @ValueSource(strings = {"169.254.169.254", "2852039166", "0xA9FEA9FE", "0xa9.0xfe.0xa9.0xfe", "0251.0376.0251.0376",
            "169.254.43518", "169.16689662", "[::ffff:169.254.169.254]", "[::ffff:a9fe:a9fe]", "[64:ff9b::a9fe:a9fe]",
            "[2002:a9fe:a9fe::1]", "[fd00:ec2::254]", "[fe80::1]", "[fe80::1%25eth0]", "127.0.0.1", "127.1", "0", "0.0.0.0",
            "[::1]", "[::]", "10.1.2.3", "172.31.255.255", "192.168.0.1", "100.64.0.1", "224.0.0.1", "255.255.255.255",
            "localhost", "LOCALHOST.", "app.localhost", "metadata.google.internal", "metadata.google.internal.",
            "08.1.2.3", "1.2.3.4.5", "example.123"})
    void inwardOrNonsenseHostsAreRefusedAsWritten(String host) {
        assertThat(strict.refusalOfHost(host)).as(host).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hooks.slack.com", "8.8.8.8", "134744072", "[2001:4860:4860::8888]", "chat.example.org"})
    void outwardHostsAndNamesToResolveAreNot(String host) {
        assertThat(strict.refusalOfHost(host)).as(host).isEmpty();
    }

    @Test
    void anAdminOpensANamedRangeAndOnlyThat() {
        OutboundAddresses internal = OutboundAddresses.allowing(List.of("10.20.0.0/16", "fd00:1::/64"));

        assertThat(internal.refusalOfHost("10.20.3.4")).isEmpty();
        assertThat(internal.refusalOfHost("[fd00:1::5]")).isEmpty();
        assertThat(internal.refusalOfHost("10.21.3.4")).isPresent();
        assertThat(internal.refusalOfHost("169.254.169.254")).isPresent();
        assertThatThrownBy(() -> OutboundAddresses.allowing(List.of("10.0.0.0/33", "chat.internal")))
                .hasMessageContaining("10.0.0.0/33").hasMessageContaining("chat.internal");
    }

    @Test
    void aNameResolvingInwardIsRefusedWhenResolved() {
        assertThatThrownBy(() -> strict.resolve("ip6-localhost"))
                .isInstanceOf(OutboundAddresses.OutboundRefusedException.class);
    }
}
