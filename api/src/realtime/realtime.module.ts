import { Module } from '@nestjs/common';
import { EventsGateway } from './events.gateway.js';

@Module({ providers: [EventsGateway] })
export class RealtimeModule {}
