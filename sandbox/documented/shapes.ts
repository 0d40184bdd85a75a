/**
 * The vocabulary of the table of documented fields: where a field list comes from (a document, a fact of
 * DESIGN.md, or the sandbox's own choice where a document says the fields are not shown), one endpoint's or
 * webhook's entry, and the structures the documents share (status, Amount, Person...), as key path patterns
 * (see paths.ts).
 */

/** Where a list of fields comes from. */
export type Source =
	/** Shown by one of the three API documents. */
	| { kind: 'document' }
	/** One of the facts DESIGN.md records from the platform's public documentation ("Facts the spec leaves out"). */
	| { kind: 'fact' }
	/** The document says these fields are not shown: the sandbox answers its own, written down on `page`. */
	| { kind: 'sandbox'; page: string; why: string };

export interface Fields {
	source: Source;
	paths: readonly string[];
}

export const documented = (...paths: string[]): Fields => ({ source: { kind: 'document' }, paths });
export const fact = (...paths: string[]): Fields => ({ source: { kind: 'fact' }, paths });
/** The sandbox's choice where the document shows no fields: `page` (docs/sandbox/...) says what and why. */
export const sandboxChoice = (page: string, why: string, ...paths: string[]): Fields => ({ source: { kind: 'sandbox', page, why }, paths });

/** What one endpoint may answer. */
export interface AnswerEntry {
	/** Method and path as the sandbox's router spells them: `POST /api/session/:requestId`. */
	endpoint: string;
	/** The document and section it is written from. */
	document: string;
	/** A 2xx answer's fields. */
	success: Fields[];
	/** A refusal's fields, by HTTP status; `other` for every status not listed. */
	refusal: { other: Fields[]; [status: number]: Fields[] };
	/** A 2xx answer that is a tab-separated file: the header line's columns, in order; `optionalLast` may follow. */
	tsv?: { columns: readonly string[]; optionalLast: readonly string[] };
}

/** What one outbound webhook may carry. */
export interface WebhookEntry {
	/** The sandbox's name of the delivery (GET /__sandbox/webhooks/deliveries `kind`). */
	kind: string;
	document: string;
	body: Fields[];
}

// ---------------------------------------------------------------------------------------------------------
// Structures the documents share
// ---------------------------------------------------------------------------------------------------------

/** The status structure (core-administration-api.md, "Status structure"), in every answer. */
export const STATUS_FIELDS = '{status,reason,message,date}';
export const STATUS = `status.${STATUS_FIELDS}`;

/** Amount: currency, total, taxes, details (payment-processing-api.md, "Shared structures"). */
export const AMOUNT = '{currency,total,taxes[].{kind,amount,base},details[].{kind,amount}}';
/** AmountConversion: from, to, factor. */
export const CONVERSION = '{from.{currency,total},to.{currency,total},factor}';
/** Person (payer, buyer, shipping). */
export const PERSON = '{document,documentType,name,surname,company,email,mobile,address.{street,city,state,postalCode,country,phone}}';
/** NameValuePair; `value` is a string, but objects and numbers also appear in processor fields. */
export const NAME_VALUE = '{keyword,value.*,displayOn}';

/** The Payment request structure. */
export const PAYMENT_REQUEST =
	`{reference,description,amount.${AMOUNT},allowPartial,shipping.${PERSON},items[].{sku,name,category,qty,price,tax},` +
	`fields[].${NAME_VALUE},recurring.{periodicity,interval,nextPayment,maxPeriods,dueDate,notificationUrl},subscribe,` +
	`dispersion[].{agreement,agreementType,amount.${AMOUNT}},modifiers[].{type,code,additional.*},processorFields[].${NAME_VALUE}}`;

/** Dispersion item (process response). */
export const DISPERSION_ITEM = `{status.${STATUS_FIELDS},agreement,type,authorization,receipt,amount.${AMOUNT},refunded,paymentMethod}`;

/** How every signed (Core Administration, Payment Processing) answer refuses: "every response carries status". */
export const SIGNED_REFUSAL: AnswerEntry['refusal'] = { other: [documented(STATUS)] };

/** An entry of a signed API: its success fields, refusals in the status structure. */
export const signedAnswer = (endpoint: string, document: string, ...success: Fields[]): AnswerEntry => ({
	endpoint,
	document,
	success,
	refusal: SIGNED_REFUSAL,
});
