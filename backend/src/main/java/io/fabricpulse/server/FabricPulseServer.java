package io.fabricpulse.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class FabricPulseServer {
    public static void main(String[] args) {
        SpringApplication.run(FabricPulseServer.class, args);
    }
}
