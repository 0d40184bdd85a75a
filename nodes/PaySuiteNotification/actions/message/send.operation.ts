import type { IDataObject } from 'n8n-workflow';

import { notificationLocaleOptions } from '../../../shared/descriptions/choices';
import { additionalFieldsCollection } from '../../../shared/descriptions/collections';
import { ALLOW_REPEAT_HINT, repeatOptionsProperty } from '../../../shared/descriptions/repeat';
import { earlierText, writeKey, type Earlier } from '../../../shared/transport/repeatGuard';
import { oneRequestOperation } from '../../../shared/operation/oneRequestOperation';
import type { OperationContext } from '../../../shared/operation/types';
import { canonicalJson } from '../../../shared/transport/canonicalJson';
import { acceptedMessage } from '../../output';
import { messageSchema, type MessageBody } from '../../schemas';
import { siteIdLocator } from '../../descriptions/siteId';

interface ChannelsParameter {
	sms?: IDataObject;
	chat?: IDataObject;
	email?: IDataObject;
}

/** The Channels group as the API's `channels` object. */
function channelsBody(ctx: OperationContext): IDataObject {
	const chosen = ctx.param<ChannelsParameter>('channels', {});
	const channels: IDataObject = {};
	if (chosen.sms) channels.sms = { phone_number: chosen.sms.phoneNumber, short_message: chosen.sms.shortMessage };
	if (chosen.chat) {
		const parameters = chosen.chat.templateParameters;
		channels.chat = {
			phone_number: chosen.chat.phoneNumber,
			template: {
				name: chosen.chat.templateName ?? '',
				lang: chosen.chat.templateLang,
				parameters: Array.isArray(parameters) && parameters.length ? parameters.map(String) : undefined,
			},
		};
	}
	if (chosen.email) channels.email = { email: chosen.email.email, subject: chosen.email.subject };
	return channels;
}

/** What the user asked to send, as the API's body (before validation). */
function messageBody(ctx: OperationContext) {
	const extra = ctx.param<IDataObject>('additionalFields', {});
	return {
		message: ctx.param<string>('message', ''),
		locale: extra.locale,
		kind: extra.kind,
		site_id: extra.siteId === undefined ? undefined : ctx.param<unknown>('additionalFields.siteId', ''),
		channels: channelsBody(ctx),
	};
}

const CHANNEL_NAMES: Record<string, string> = { sms: 'SMS', chat: 'chat', email: 'e-mail' };

/** Refuses a message sent already within 15 minutes (or being sent by another run), and says how to send it again. */
function refuseRepeat(ctx: OperationContext, body: IDataObject, earlier: Earlier): never {
	const channels = Object.keys((body.channels as IDataObject | undefined) ?? {}).map((name) => CHANNEL_NAMES[name] ?? name);
	return ctx.fail(
		`Not sent: the same message (${channels.join(', ')}) ${earlierText(earlier, 'sent')}`,
		`Nothing was sent. ` +
			"The same message (same credential, channels, recipients and text) within 15 minutes is refused, as n8n's record of this workflow's messages shows it, " +
			'so that re-running a step or a workflow never sends it twice. ' +
			`To send it again on purpose, ${ALLOW_REPEAT_HINT}.`,
	);
}

/**
 * Send, refusing the same message within 15 minutes: the platform keeps no record of messages to read, so the memory
 * is n8n's own (repeatGuard.ts). The key is a hash of the credential and the body: nothing readable is kept.
 */
export const send = oneRequestOperation<MessageBody>({
	value: 'send',
	name: 'Send',
	action: 'Send a message',
	description:
		'Send a one-way informational message by SMS, messaging app (chat) and/or e-mail. The platform only says it accepted it: no answer is awaited, nothing can be queried later.',
	api: 'onboarding',
	path: '/api/notifications',
	safety: 'write',
	properties: [
		{
			displayName: 'Message',
			name: 'message',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			required: true,
			description: 'Text of the message (shown in the e-mail)',
		},
		{
			displayName: 'Channels',
			name: 'channels',
			type: 'fixedCollection',
			placeholder: 'Add Channel',
			default: {},
			required: true,
			description: 'Where to send the message; choose at least one channel',
			options: [
				{
					name: 'sms',
					displayName: 'SMS',
					values: [
						{ displayName: 'Phone Number', name: 'phoneNumber', type: 'string', default: '', required: true, placeholder: 'e.g. +573001112233' },
						{ displayName: 'Short Message', name: 'shortMessage', type: 'string', default: '', required: true, description: 'Text of the SMS' },
					],
				},
				{
					name: 'chat',
					displayName: 'Chat (Messaging App)',
					values: [
						{ displayName: 'Phone Number', name: 'phoneNumber', type: 'string', default: '', required: true, placeholder: 'e.g. +573001112233' },
						{ displayName: 'Template Name', name: 'templateName', type: 'string', default: '', required: true, description: 'Name of the approved message template' },
						{ displayName: 'Template Language', name: 'templateLang', type: 'string', default: '', placeholder: 'e.g. es', description: 'Language of the template' },
						{
							displayName: 'Template Parameters',
							name: 'templateParameters',
							type: 'string',
							typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Parameter' },
							default: [],
							description: 'Values for the placeholders of the template, in order',
						},
					],
				},
				{
					name: 'email',
					displayName: 'E-Mail',
					values: [
						{ displayName: 'Email', name: 'email', type: 'string', default: '', required: true, placeholder: 'e.g. name@example.com' },
						{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
					],
				},
			],
		},
		additionalFieldsCollection([
			{ displayName: 'Kind', name: 'kind', type: 'string', default: '', description: 'Classifies the request (max 50 characters)' },
			{
				displayName: 'Locale',
				name: 'locale',
				type: 'options',
				options: notificationLocaleOptions,
				default: 'es',
				description: 'Language of the message (not sent unless added here)',
			},
			siteIdLocator,
		]),
		repeatOptionsProperty('message', 'the same text on the same channels to the same recipients'),
	],
	body: messageBody,
	schema: messageSchema,
	output: (answer, _ctx, body) => acceptedMessage(answer, body.channels as IDataObject),
	repeat: (ctx, body) => ({
		key: writeKey(['message', ctx.node.credentials?.paySuiteOnboardingApi?.id ?? '', canonicalJson(body as unknown as IDataObject)]),
		refuse: (earlier) => refuseRepeat(ctx, body as unknown as IDataObject, earlier),
	}),
});
