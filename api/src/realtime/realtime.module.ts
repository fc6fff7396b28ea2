import { Module } from '@nestjs/common';
import { AccessModule } from '../access/access.module.js';
import { EventsGateway } from './events.gateway.js';

@Module({ imports: [AccessModule], providers: [EventsGateway], exports: [EventsGateway] })
export class RealtimeModule {}
