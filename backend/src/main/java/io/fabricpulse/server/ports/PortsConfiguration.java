package io.fabricpulse.server.ports;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The one port index every feature numbers its ports by. */
@Configuration(proxyBeanMethods = false)
class PortsConfiguration {

    @Bean
    PortIndex portIndex() {
        return new PortIndex();
    }
}
