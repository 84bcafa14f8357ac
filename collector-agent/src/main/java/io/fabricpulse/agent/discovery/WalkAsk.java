package io.fabricpulse.agent.discovery;

import io.fabricpulse.agent.mad.MadAttribute;
import io.fabricpulse.agent.mad.MadRoute;
import io.fabricpulse.model.topology.LinkEnd;

/** A request of the {@link DiscoveryWalk} and what its answer is for. */
sealed interface WalkAsk {

    MadRoute.Directed route();

    MadAttribute attribute();

    default int modifier() {
        return 0;
    }

    default String describe() {
        return attribute() + " at " + route();
    }

    /** @param from the port the route leaves by on its last hop; null for the local node */
    record NodeInfoAsk(MadRoute.Directed route, LinkEnd from) implements WalkAsk {
        @Override
        public MadAttribute attribute() {
            return MadAttribute.NODE_INFO;
        }
    }

    record DescriptionAsk(NodeState node, MadRoute.Directed route) implements WalkAsk {
        @Override
        public MadAttribute attribute() {
            return MadAttribute.NODE_DESCRIPTION;
        }
    }

    record SwitchInfoAsk(NodeState node, MadRoute.Directed route) implements WalkAsk {
        @Override
        public MadAttribute attribute() {
            return MadAttribute.SWITCH_INFO;
        }
    }

    record PortInfoAsk(NodeState node, MadRoute.Directed route, int port) implements WalkAsk {
        @Override
        public MadAttribute attribute() {
            return MadAttribute.PORT_INFO;
        }

        @Override
        public int modifier() {
            return port;
        }

        @Override
        public String describe() {
            return "PORT_INFO of port " + port + " at " + route;
        }
    }
}
