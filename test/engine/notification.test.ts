/**
 * The PaySuite Notification node run by n8n's real engine against the sandbox: the body the sandbox received
 * for each channel, the one-way output, that bad input fails the item before anything is sent, and that the same
 * message within 15 minutes is refused (this process's memory, or n8n's deduplication record of the node as
 * another n8n process left it) unless Options › Allow Repeat is on. n8n keeps that record in its database
 * (n8n's ProcessedDataManager); here an in-memory one with the same rules stands in for it.
 */
import type { IDataObject } from 'n8n-workflow';

import { expectFieldRefused, runNode, type NodeRunOptions } from '../helpers/engine';
import { processedData } from '../helpers/processedData';
import { apiCallsOf, onboardingApi, withSandbox } from '../helpers/sandbox';

const sandbox = withSandbox();

// Each test is a new decision to send: what an earlier test sent is not a repeat.
beforeEach(() => processedData.clear());

const NOTIFICATION = { name: 'Notification', type: 'paySuiteNotification', credentialType: 'paySuiteOnboardingApi' };
const run = (parameters: IDataObject, options: NodeRunOptions & { token?: string } = {}) =>
	runNode(NOTIFICATION, { resource: 'message', operation: 'send', ...parameters }, onboardingApi(sandbox, { accessToken: options.token }), options);

const apiCalls = () => apiCallsOf(sandbox);
const messages = async () => ((await (await fetch(`${sandbox.url}/__sandbox/onboarding/messages`)).json()) as IDataObject).messages as IDataObject[];

const email = { email: { email: 'owner@acme.example.com', subject: 'Welcome' } };

describe('Message → Send', () => {
	it('sends every channel with the spec field names and outputs only that it was accepted', async () => {
		const result = await run({
			message: 'Your store is ready',
			channels: {
				sms: { phoneNumber: '+573001112233', shortMessage: 'Store ready' },
				chat: { phoneNumber: '+573001112233', templateName: 'store_ready', templateLang: 'es', templateParameters: ['Ana', 'Acme'] },
				...email,
			},
			additionalFields: { locale: 'es', kind: 'onboarding', siteId: { __rl: true, mode: 'id', value: '2001' } },
		});
		expect(result.error).toBeUndefined();
		const calls = apiCalls();
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/notifications', status: 200 });
		expect(calls[0].headers.authorization).toBe('Bearer ***');
		expect(calls[0].body).toEqual({
			message: 'Your store is ready',
			locale: 'es',
			kind: 'onboarding',
			site_id: 2001,
			channels: {
				sms: { phone_number: '+573001112233', short_message: 'Store ready' },
				chat: { phone_number: '+573001112233', template: { name: 'store_ready', lang: 'es', parameters: ['Ana', 'Acme'] } },
				email: { email: 'owner@acme.example.com', subject: 'Welcome' },
			},
		});
		const items = result.output('Notification');
		expect(items).toEqual([
			{ json: { accepted: true, channels: ['sms', 'chat', 'email'], status: expect.objectContaining({ status: 'OK' }) }, pairedItem: { item: 0 } },
		]);
		expect(await messages()).toHaveLength(1);
	});

	it('sends only the chosen channel and leaves unset fields out', async () => {
		await run({ message: 'Hi', channels: { chat: { phoneNumber: '+1555', templateName: 'hello' } } });
		expect(apiCalls()[0].body).toEqual({ message: 'Hi', channels: { chat: { phone_number: '+1555', template: { name: 'hello' } } } });
	});

	it('one item per input item, each paired; a bad item fails alone with Continue On Fail', async () => {
		const result = await run(
			{ message: '={{ $json.text }}', channels: { email: { email: '={{ $json.to }}' } } },
			{ items: [{ text: 'A', to: 'a@x.example' }, { text: 'B', to: 'not-an-address' }, { text: 'C', to: 'c@x.example' }], continueOnFail: true },
		);
		const items = result.output('Notification');
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toBe("Channels › E-Mail › Email must be an e-mail address; got 'not-an-address' (item 1)");
		expect(apiCalls().map((call) => call.body.message)).toEqual(['A', 'C']);
	});

	describe('fails before sending', () => {
		it.each([
			['no channel chosen', { message: 'Hi', channels: {} }, 'channels', /^Channels /, /at least one channel/],
			['a message that resolves to nothing', { message: '={{ "" }}', channels: email }, 'message', /^Message /, /required/],
			[
				'a locale other than es, en, pt, it',
				{ message: 'Hi', channels: email, additionalFields: { locale: '={{ "fr" }}' } },
				'locale',
				/^Additional Fields › Locale /,
				/es, en, pt, it/,
			],
			['a kind over 50 characters', { message: 'Hi', channels: email, additionalFields: { kind: 'k'.repeat(51) } }, 'kind', /^Additional Fields › Kind /, /at most 50/],
			[
				'a site ID that is not positive',
				{ message: 'Hi', channels: email, additionalFields: { siteId: { __rl: true, mode: 'id', value: '={{ 0 }}' } } },
				'site_id',
				/^Additional Fields › Site ID /,
				/positive/,
			],
			[
				'an SMS without its text',
				{ message: 'Hi', channels: { sms: { phoneNumber: '+1555', shortMessage: '={{ "" }}' } } },
				'channels.sms.short_message',
				/^Channels › SMS › /,
				/required/,
			],
			[
				'a chat without template name',
				{ message: 'Hi', channels: { chat: { phoneNumber: '+1555', templateName: '={{ "" }}' } } },
				'channels.chat.template',
				/^Channels › Chat \(Messaging App\) › /,
				/template name/,
			],
			['an e-mail that is not an address', { message: 'Hi', channels: { email: { email: 'nobody' } } }, 'channels.email.email', /^Channels › E-Mail › Email /, /e-mail/],
		])('%s', async (_label, parameters, field, label, problem) => {
			const result = await run(parameters as IDataObject);
			const error = expectFieldRefused(result, field, apiCalls());
			expect(error.message).toMatch(label);
			expect(error.description).toMatch(problem);
		});
	});

	it('maps a refused token to a clear 401', async () => {
		const result = await run({ message: 'Hi', channels: email }, { token: 'sbx_nope_000000' });
		expect(result.error?.message).toMatch(/^The access token was refused: .* Check the Access Token of the credential/);
		expect(result.error?.httpCode).toBe('401');
		expect(await messages()).toEqual([]);
	});
});

describe('the same message again within 15 minutes', () => {
	const welcome = { message: 'Your store is ready', channels: { sms: { phoneNumber: '+573001112233', shortMessage: 'Store ready' }, ...email } };
	const minute = () => Math.floor(Date.now() / 60_000);

	it("is refused with nothing sent (a re-run step or workflow), saying when n8n's record has it", async () => {
		const first = await run(welcome, { executionId: 'exec-41' });
		expect(first.error).toBeUndefined();
		const again = await run(welcome, { executionId: 'exec-42' });
		expect(again.error?.message).toMatch(/^Not sent: the same message \(SMS, e-mail\) was already sent within the last (minute|2 minutes) \(item 0\)$/);
		expect(again.error?.description).toBe(
			"Nothing was sent. The same message (same credential, channels, recipients and text) within 15 minutes is refused, as n8n's record of this workflow's messages shows it, " +
				'so that re-running a step or a workflow never sends it twice. To send it again on purpose, turn on Options > Allow Repeat of this node.',
		);
		expect(apiCalls()).toHaveLength(1);
		expect(await messages()).toHaveLength(1);
	});

	it('is sent again with Options › Allow Repeat on', async () => {
		await run(welcome);
		const again = await run({ ...welcome, options: { allowRepeat: true } });
		expect(again.error).toBeUndefined();
		expect(again.output('Notification')[0].json).toMatchObject({ accepted: true });
		expect(apiCalls()).toHaveLength(2);
		expect(await messages()).toHaveLength(2);
	});

	it('another text, recipient or channel is another message', async () => {
		await run(welcome);
		expect((await run({ ...welcome, message: 'Your store is open' })).error).toBeUndefined();
		expect((await run({ ...welcome, channels: { ...welcome.channels, email: { email: 'other@acme.example.com', subject: 'Welcome' } } })).error).toBeUndefined();
		expect((await run({ ...welcome, channels: email })).error).toBeUndefined();
		expect(apiCalls()).toHaveLength(4);
	});

	it('two identical items of one run: the second is refused, the first sent', async () => {
		const result = await run({ message: '={{ $json.text }}', channels: email }, { items: [{ text: 'Paid' }, { text: 'Paid' }], continueOnFail: true });
		const items = result.output('Notification').map((item) => item.json);
		expect(items[0]).toMatchObject({ accepted: true });
		expect(items[1].error).toMatch(/^Not sent: the same message \(e-mail\) was already sent within the last (minute|2 minutes) \(item 1\)$/);
		expect(apiCalls()).toHaveLength(1);
	});

	it("n8n's record of the workflow keeps one key per message and minute, nothing readable; every process reads it", async () => {
		const before = minute();
		const first = await run(welcome, { executionId: 'exec-on-worker-1' });
		expect(first.error).toBeUndefined();
		// One string, the sending minute's (the run may cross a minute's end): the check's other minutes and the claim were taken back.
		const kept = processedData.held();
		expect(kept).toEqual([expect.stringMatching(new RegExp(`^[A-Za-z0-9_-]{16}@(${before}|${minute()})$`))]);
		expect(JSON.stringify([...processedData.rows])).not.toMatch(/store|\+5730|acme|Welcome/i);
		// The record is the workflow's row; the node's row only ever holds the lock (repeatGuard.ts), and is gone after.
		const recordCalls = processedData.calls.filter((call) => !call.items.some((item) => item.startsWith('paysuite:lock')) && call.call !== 'clearAllProcessedItems' && call.call !== 'getProcessedDataCount');
		expect(recordCalls.every((call) => call.scope === 'workflow')).toBe(true);
		expect([...processedData.rows.keys()].filter((row) => !row.endsWith('|'))).toEqual([]);

		const again = await run(welcome, { executionId: 'exec-on-worker-2' });
		expect(again.error?.message).toMatch(/^Not sent: the same message \(SMS, e-mail\) was already sent within the last (minute|2 minutes) \(item 0\)$/);
		expect(apiCalls()).toHaveLength(1);
		// The refusal took back what its check added.
		expect(processedData.held()).toEqual(kept);

		const allowed = await run({ ...welcome, options: { allowRepeat: true } });
		expect(allowed.error).toBeUndefined();
		expect(apiCalls()).toHaveLength(2);
	});

	it('sent 16 minutes ago (as the record says) is not a repeat', async () => {
		await run(welcome);
		const [key] = processedData.held();
		processedData.replace(key, key.replace(/@\d+$/, `@${minute() - 16}`));
		expect((await run(welcome)).error).toBeUndefined();
		expect(apiCalls()).toHaveLength(2);
	});

	it('a refused message is not remembered: after a failure, the same message is sent', async () => {
		expect((await run(welcome, { token: 'sbx_nope_000000' })).error?.httpCode).toBe('401');
		expect(processedData.held()).toEqual([]);
		expect((await run(welcome)).error).toBeUndefined();
		expect(await messages()).toHaveLength(1);
	});
});
